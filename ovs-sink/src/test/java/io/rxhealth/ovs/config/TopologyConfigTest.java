package io.rxhealth.ovs.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TopologyConfigTest {
    private static final String TOPOLOGY = """
        segments:
          - name: pub
            kind: public
            prefix: 192.168.5.0/24
            mac: 02:42:c0:a8:05:14
            address: 192.168.5.20
            ports: [{name: rxh-pub0, ofport: 1}]
          - name: priv2
            kind: private
            prefix: 10.20.0.0/24
            mac: 02:42:0a:14:00:01
            address: 10.20.0.1
            ports:
              - {name: rxh-be1, ofport: 10, address: 10.20.0.2}
              - {name: rxh-be3, ofport: 11, address: 10.20.0.3}
            hc: [{name: hcif-p2, ofport: 4, address: 10.20.0.253, mac: 02:42:0a:14:00:fd}]
        pools:
          - {id: 1, slots: 16, members: [10.20.0.2:8080, 10.20.0.3:8080]}
        listeners:
          - {vip: 192.168.5.21, port: 80, pool: 1}
        """;
    private static final String CONFIG = """
        openflow: unix:/run/openvswitch/br-lb.mgmt
        topology: %s
        appctl: /run/openvswitch/ovs-vswitchd.77.ctl
        intervals: {pipeline: 1s, neigh: 500ms}
        pools:
          - id: %d
            name: web
            listener: %s
            slots: %d
            members:
              - {address: 10.20.0.2, port: 8080}
              - {address: 10.20.0.3, port: %d}
        """;

    @TempDir
    Path dir;

    @Test
    void readsTheTopologyRelativeToTheConfigFile() throws IOException {
        Files.writeString(dir.resolve("topology.yaml"), TOPOLOGY);
        Path file = Files.writeString(dir.resolve("lbd.yaml"), CONFIG.formatted("topology.yaml", 1, "192.168.5.21:80", 16, 8080));

        LbConfig c = new ConfigLoader().load(file);

        assertThat(c.pipeline()).hasValueSatisfying(p -> {
            assertThat(p.file()).isEqualTo(dir.resolve("topology.yaml"));
            assertThat(p.topology().pools()).hasSize(1);
        });
        assertThat(c.appctl()).hasValue("/run/openvswitch/ovs-vswitchd.77.ctl");
        assertThat(c.intervals().pipeline()).isEqualTo(Duration.ofSeconds(1));
        assertThat(c.intervals().neigh()).isEqualTo(Duration.ofMillis(500));
        assertThat(c.bridge()).hasValue("br-lb");
        assertThat(c.withoutPipeline().pipeline()).isEmpty();
    }

    @Test
    void withoutATopologyTheDaemonOwnsTableElevenOnly() {
        LbConfig c = new ConfigLoader().parse("""
            openflow: br-lb
            pools: [{id: 1, name: web, listener: 192.168.5.21:80, members: [{address: 10.20.0.2, port: 8080}]}]
            """);
        assertThat(c.pipeline()).isEmpty();
        assertThat(c.appctl()).isEmpty();
        assertThat(c.bridge()).isEqualTo(Optional.of("br-lb"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario          | id | listener         | slots | port | error
        unknown pool        | 2  | 192.168.5.21:80  | 16    | 8080 | pools[0].id: 2 (expected: a pool of topology DIR/topology.yaml (it has [1]))
        other slot count    | 1  | 192.168.5.21:80  | 32    | 8080 | pools[0].slots: 32 (expected: 16, as pool 1 in topology DIR/topology.yaml)
        other member        | 1  | 192.168.5.21:80  | 16    | 9090 | pools[0].members: [10.20.0.2:8080, 10.20.0.3:9090] (expected: [10.20.0.2:8080, 10.20.0.3:8080], the members of pool 1 in topology DIR/topology.yaml)
        other listener      | 1  | 192.168.5.22:80  | 16    | 8080 | pools[0].listener: 192.168.5.22:80 (expected: a listener of pool 1 in topology DIR/topology.yaml ([192.168.5.21:80]))
        """)
    void rejectsPoolsThatDoNotMatchTheTopology(String scenario, int id, String listener, int slots, int port,
                                                String error) throws IOException {
        Files.writeString(dir.resolve("topology.yaml"), TOPOLOGY);
        Path file = Files.writeString(dir.resolve("lbd.yaml"), CONFIG.formatted("topology.yaml", id, listener, slots, port));

        assertThatThrownBy(() -> new ConfigLoader().load(file))
                .hasMessage(file + ": " + error.replace("DIR", dir.toString()));
    }

    @Test
    void rejectsATopologyPoolTheDaemonDoesNotConfigure() throws IOException {
        Files.writeString(dir.resolve("topology.yaml"), TOPOLOGY.replace("listeners:",
                "  - {id: 2, slots: 16, members: [10.20.0.2:8080]}\nlisteners:"));
        Path file = Files.writeString(dir.resolve("lbd.yaml"), CONFIG.formatted("topology.yaml", 1, "192.168.5.21:80", 16, 8080));

        assertThatThrownBy(() -> new ConfigLoader().load(file)).hasMessage(file + ": topology: " + dir.resolve("topology.yaml")
                + " (expected: no pool the daemon does not configure (pool 2 would stay fail-close: add it to pools))");
    }

    @Test
    void reportsAMissingOrBrokenTopologyInOneLine() throws IOException {
        Path file = Files.writeString(dir.resolve("lbd.yaml"), CONFIG.formatted("nowhere.yaml", 1, "192.168.5.21:80", 16, 8080));
        assertThatThrownBy(() -> new ConfigLoader().load(file))
                .hasMessageStartingWith(file + ": topology: " + dir.resolve("nowhere.yaml") + " (expected: a readable topology file");

        Files.writeString(dir.resolve("nowhere.yaml"), "segments: []\nbogus: 1\n");
        assertThatThrownBy(() -> new ConfigLoader().load(file))
                .hasMessageStartingWith(file + ": topology: " + dir.resolve("nowhere.yaml") + ": unknown key 'bogus'")
                .hasMessageNotContaining("\n");
    }
}
