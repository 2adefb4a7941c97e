package io.rxhealth.ovs.neigh;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.ovs.pipeline.Ipv4;
import io.rxhealth.ovs.pipeline.Mac;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NeighbourResolverTest {
    private static final Ipv4 BE1 = Ipv4.parse("10.20.0.2", "test");
    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");
    private static final Instant T1 = Instant.parse("2026-11-30T10:00:02Z");

    /** {@code before}: the MAC known before ("-": none); {@code entry}: "mac state", "- FAILED", "absent" or "unread". */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                          | before            | entry                        | mac               | state      | origin     | since
        first resolution                    | -                 | 02:42:0a:14:00:02 REACHABLE  | 02:42:0a:14:00:02 | REACHABLE  | KERNEL     | T1
        unchanged keeps its since           | 02:42:0a:14:00:02 | 02:42:0a:14:00:02 STALE      | 02:42:0a:14:00:02 | STALE      | KERNEL     | T0
        MAC changed                         | 02:42:0a:14:00:02 | 02:42:0a:14:00:99 DELAY      | 02:42:0a:14:00:99 | DELAY      | KERNEL     | T1
        failed keeps the last known MAC     | 02:42:0a:14:00:02 | - FAILED                     | 02:42:0a:14:00:02 | FAILED     | LAST_KNOWN | T0
        incomplete keeps the last known MAC | 02:42:0a:14:00:02 | - INCOMPLETE                 | 02:42:0a:14:00:02 | INCOMPLETE | LAST_KNOWN | T0
        gone keeps the last known MAC       | 02:42:0a:14:00:02 | absent                       | 02:42:0a:14:00:02 | ABSENT     | LAST_KNOWN | T0
        unreadable keeps the last known MAC | 02:42:0a:14:00:02 | unread                       | 02:42:0a:14:00:02 | UNREAD     | LAST_KNOWN | T0
        never resolved, failed              | -                 | - FAILED                     |                   | FAILED     | UNRESOLVED |
        never resolved, absent              | -                 | absent                       |                   | ABSENT     | UNRESOLVED |
        """)
    void resolvesAMembersMac(String scenario, String before, String entry, String mac, String state, Origin origin,
                             String since) {
        Map<Ipv4, MemberNeighbour> previous = new HashMap<>();
        if (!before.equals("-")) {
            previous.put(BE1, new MemberNeighbour(BE1, "hcif-p2", new Mac(before), "REACHABLE", Origin.KERNEL, T0));
        }
        Map<String, List<NeighbourEntry>> tables = new HashMap<>();
        if (!entry.equals("unread")) {
            tables.put("hcif-p2", entry.equals("absent") ? List.of() : List.of(entry(entry)));
        }

        MemberNeighbour n = NeighbourResolver.resolve(Map.of(BE1, "hcif-p2"), previous, tables, T1).get(BE1);

        assertThat(n.mac() == null ? null : n.mac().toString()).as(scenario).isEqualTo(mac);
        assertThat(n.state()).as(scenario).isEqualTo(state);
        assertThat(n.origin()).as(scenario).isEqualTo(origin);
        assertThat(n.since()).as(scenario).isEqualTo(since == null ? null : since.equals("T0") ? T0 : T1);
    }

    private static NeighbourEntry entry(String text) {
        String[] parts = text.split(" ");
        return new NeighbourEntry("hcif-p2", BE1, parts[0].equals("-") ? null : new Mac(parts[0]), List.of(parts[1]));
    }
}
