package io.rxhealth.ovs.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rxhealth.weighting.panic.PanicThreshold;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FleetSectionTest {
    private static final String POOLS = """
        openflow: br-lb
        pools:
          - id: 1
            name: web
            listener: 192.168.5.21:80
            members:
              - {address: 10.20.0.2, port: 8080}
        """;

    private final ConfigLoader loader = new ConfigLoader();

    @Test
    void aNodeWithoutTheSectionDecidesAlone() {
        assertThat(loader.parse(POOLS).fleet()).isEmpty();
    }

    @Test
    void readsTheSectionWithDefaults() {
        var fleet = loader.parse(POOLS + """
            fleet:
              node: lb-1
              remotes: [unix:/run/rx-health/fleet.sock, tcp:10.0.0.2:6641]
            """).fleet().orElseThrow();
        assertThat(fleet).isEqualTo(new FleetConfig("lb-1", List.of("unix:/run/rx-health/fleet.sock", "tcp:10.0.0.2:6641"),
                Duration.ofSeconds(1), Duration.ofSeconds(5)));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario              | pool line                      | threshold
        default, as alone       |                                | 50
        set                     | panic-threshold: 30%           | 30
        off                     | panic-threshold: 0%            | 0
        """)
    void aFleetsPoolsTakeTheirPanicThresholdAsANodeAloneDoes(String scenario, String line, int percent) {
        String fleet = "fleet: {node: lb-1, remotes: [tcp:10.0.0.1:6641]}\n";
        String pools = line == null ? POOLS : POOLS.replace("name: web", "name: web\n    " + line);
        assertThat(loader.parse(pools + fleet).pools().get(0).panicThreshold()).as(scenario)
                .isEqualTo(new PanicThreshold(percent));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario              | section                                                              | message
        no node                 | {remotes: [tcp:10.0.0.1:6641]}                                       | fleet.node: absent
        a node name with spaces | {node: 'lb 1', remotes: [tcp:10.0.0.1:6641]}                        | fleet.node
        no remotes              | {node: lb-1}                                                         | fleet.remotes: absent
        an empty remote list    | {node: lb-1, remotes: []}                                            | fleet.remotes
        a remote without scheme | {node: lb-1, remotes: ['10.0.0.1:6641']}                             | fleet.remotes[0]
        a remote twice          | {node: lb-1, remotes: [tcp:10.0.0.1:6641, tcp:10.0.0.1:6641]}        | fleet.remotes[1]
        liveness under 2 beats  | {node: lb-1, remotes: [tcp:10.0.0.1:6641], heartbeat: 2s, liveness-timeout: 3s} | fleet.liveness-timeout
        an unknown key          | {node: lb-1, remotes: [tcp:10.0.0.1:6641], leader: true}             | fleet.leader
        """)
    void rejectsABadSection(String scenario, String section, String message) {
        assertThatThrownBy(() -> loader.parse(POOLS + "fleet: " + section + "\n"))
                .as(scenario).isInstanceOf(ConfigException.class).hasMessageContaining(message);
    }
}
