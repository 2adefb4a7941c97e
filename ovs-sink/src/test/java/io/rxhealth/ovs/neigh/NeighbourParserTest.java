package io.rxhealth.ovs.neigh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NeighbourParserTest {
    /** As iproute2 6.1 prints {@code ip -json neigh show dev hcif-p2} (no "dev" field with a dev filter). */
    private static final String CAPTURED = """
        [{"dst":"10.20.0.2","lladdr":"02:42:0a:14:00:02","state":["REACHABLE"]},\
        {"dst":"10.20.0.3","lladdr":"02:42:0a:14:00:03","state":["STALE"]},\
        {"dst":"10.20.0.4","lladdr":"02:42:0a:14:00:04","state":["DELAY"]},\
        {"dst":"10.20.0.5","lladdr":"02:42:0a:14:00:05","state":["PROBE"]},\
        {"dst":"10.20.0.6","state":["FAILED"]},\
        {"dst":"10.20.0.7","state":["INCOMPLETE"]},\
        {"dst":"10.20.0.8","lladdr":"02:42:0a:14:00:08","state":["PERMANENT"]},\
        {"dst":"10.20.0.9","lladdr":"02:42:0a:14:00:09","state":["FAILED"]},\
        {"dst":"10.20.0.10","lladdr":"02:42:0a:14:00:0a","router":null,"state":["STALE"]},\
        {"dst":"10.20.0.11","lladdr":"01:00:5e:00:00:01","state":["NOARP"]},\
        {"dst":"10.20.0.12","lladdr":"02:42:0A:14:00:0C","state":[]},\
        {"dst":"fe80::42:aff:fe14:2","lladdr":"02:42:0a:14:00:02","router":null,"state":["STALE"]}]
        """;

    @ParameterizedTest(name = "{0} {2}")
    @CsvSource(delimiter = '|', textBlock = """
        # address   | mac               | state      | resolved
        10.20.0.2   | 02:42:0a:14:00:02 | REACHABLE  | true
        10.20.0.3   | 02:42:0a:14:00:03 | STALE      | true
        10.20.0.4   | 02:42:0a:14:00:04 | DELAY      | true
        10.20.0.5   | 02:42:0a:14:00:05 | PROBE      | true
        10.20.0.6   |                   | FAILED     | false
        10.20.0.7   |                   | INCOMPLETE | false
        10.20.0.8   | 02:42:0a:14:00:08 | PERMANENT  | true
        10.20.0.9   | 02:42:0a:14:00:09 | FAILED     | false
        10.20.0.10  | 02:42:0a:14:00:0a | STALE      | true
        10.20.0.11  | 01:00:5e:00:00:01 | NOARP      | false
        10.20.0.12  | 02:42:0a:14:00:0c | NONE       | true
        """)
    void readsEachEntryAndWhetherItsMacIsUsable(String address, String mac, String state, boolean resolved) {
        NeighbourEntry e = NeighbourParser.parse(CAPTURED, "hcif-p2").stream()
                .filter(x -> x.address().toString().equals(address)).findFirst().orElseThrow();

        assertThat(e.dev()).isEqualTo("hcif-p2");
        assertThat(e.mac() == null ? null : e.mac().toString()).isEqualTo(mac);
        assertThat(e.state()).isEqualTo(state);
        assertThat(e.resolved()).isEqualTo(resolved);
    }

    @Test
    void skipsIpv6AndKeepsTheDevicePrintedWithoutAFilter() {
        assertThat(NeighbourParser.parse(CAPTURED, "hcif-p2")).hasSize(11);
        List<NeighbourEntry> all = NeighbourParser.parse(
                "[{\"dst\":\"192.0.2.1\",\"dev\":\"eth0\",\"lladdr\":\"02:fc:00:00:00:05\",\"state\":[\"STALE\"]},"
                        + "{\"dst\":\"fd00::1\",\"dev\":\"eth0\",\"state\":[\"FAILED\"]}]", "any");
        assertThat(all).singleElement().satisfies(e -> assertThat(e.dev()).isEqualTo("eth0"));
    }

    @ParameterizedTest(name = "''{0}''")
    @CsvSource(delimiter = '|', textBlock = """
        ''
        '[]'
        '   '
        """)
    void anEmptyTableIsNoEntries(String output) {
        assertThat(NeighbourParser.parse(output, "hcif-p2")).isEmpty();
    }

    @Test
    void rejectsWhatIsNotAJsonArray() {
        assertThatThrownBy(() -> NeighbourParser.parse("Object \"neigh\" is unknown", "hcif-p2"))
                .hasMessageStartingWith("ip -json neigh show dev hcif-p2: not JSON");
        assertThatThrownBy(() -> NeighbourParser.parse("{\"dst\":\"10.0.0.1\"}", "hcif-p2"))
                .hasMessage("ip -json neigh show dev hcif-p2: {\"dst\":\"10.0.0.1\"} (expected: a JSON array)");
    }
}
