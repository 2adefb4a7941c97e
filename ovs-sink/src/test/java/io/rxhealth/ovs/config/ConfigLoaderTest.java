package io.rxhealth.ovs.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rxhealth.weighting.panic.PanicThreshold;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConfigLoaderTest {
    private static final String MINIMAL = """
        openflow: unix:/run/openvswitch/br-lb.mgmt
        pools:
          - id: 1
            name: web
            listener: 192.168.5.21:80
            members:
              - address: 10.20.0.2
                port: 8080
        """;

    private final ConfigLoader loader = new ConfigLoader();

    @Test
    void appliesDefaults() {
        LbConfig c = loader.parse(MINIMAL);

        assertThat(c.api().getHostString()).isEqualTo("127.0.0.1");
        assertThat(c.api().getPort()).isEqualTo(9111);
        assertThat(c.intervals()).isEqualTo(Intervals.defaults());
        assertThat(c.agentConcurrency()).isEqualTo(2048);
        PoolConfig pool = c.pools().get(0);
        assertThat(pool.slots()).isEqualTo(1024);
        assertThat(pool.panicThreshold()).isEqualTo(PanicThreshold.DEFAULT);
        MemberConfig m = pool.members().get(0);
        assertThat(m.key()).isEqualTo("10.20.0.2:8080");
        assertThat(m.weight()).isEqualTo(100);
        assertThat(m.agentPort()).isEqualTo(OptionalInt.of(9505));
        assertThat(m.probe()).isEqualTo(new ProbeConfig(ProbeKind.HTTP, 8080, "/healthz"));
        assertThat(m.source()).isEqualTo(Optional.empty());
    }

    @Test
    void readsTheShippedExample() {
        LbConfig c = loader.example();

        assertThat(c.openflow()).isEqualTo("unix:/run/openvswitch/br-lb.mgmt");
        assertThat(c.intervals().reconcile()).isEqualTo(Duration.ofSeconds(30));
        assertThat(c.pools().get(0).members()).hasSize(4);
        assertThat(c.pools().get(0).panicThreshold()).isEqualTo(PanicThreshold.DEFAULT);
        assertThat(c.pools().get(0).members().get(2).probe().kind()).isEqualTo(ProbeKind.TCP);
        assertThat(c.pools().get(0).members().get(3).agentPort()).isEmpty();
        assertThat(c.pools().get(0).spec().members().get(0).id()).isEqualTo(1);
        assertThat(c.hasMember("10.30.0.3:8080")).isTrue();
        assertThat(c.hasMember("10.30.0.3:8081")).isFalse();
    }

    @ParameterizedTest(name = "reconcile: {0}")
    @CsvSource(delimiter = '|', textBlock = """
        # text   | millis
        1h       | 3600000
        5m       | 300000
        45s      | 45000
        1500ms   | 1500
        """)
    void takesDurationsInTheGrammarTheAgentTakes(String text, long millis) {
        LbConfig c = loader.parse(MINIMAL.replace("pools:", "intervals: {reconcile: " + text + "}\npools:"));

        assertThat(c.intervals().reconcile()).isEqualTo(Duration.ofMillis(millis));
    }

    @ParameterizedTest(name = "panic-threshold: {0}")
    @CsvSource(delimiter = '|', textBlock = """
        # text   | percent
        0%       | 0
        7%       | 7
        50%      | 50
        '25 %'   | 25
        100%     | 100
        """)
    void takesThePanicThresholdAsAWholePercentage(String text, int percent) {
        LbConfig c = loader.parse(MINIMAL.replace("    name: web", "    name: web\n    panic-threshold: " + text));

        assertThat(c.pools().get(0).panicThreshold()).isEqualTo(new PanicThreshold(percent));
    }

    @Test
    void numbersMembersInKeyOrder() {
        LbConfig c = loader.parse(MINIMAL.replace("""
                  - address: 10.20.0.2
                    port: 8080
            """, """
                  - {address: 10.20.0.9, port: 8080, weight: 50}
                  - {address: 10.20.0.10, port: 8080}
            """));

        assertThat(c.pools().get(0).spec().members()).extracting(m -> m.key() + "#" + m.id() + "w" + m.configuredWeight())
                .containsExactly("10.20.0.10:8080#1w100", "10.20.0.9:8080#2w50");
    }

    /** Each row replaces {@code from} in the minimal config by {@code to}; the error is one line. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # case                  | from                       | to                                     | error
        unknown key             | '    port: 8080'           | '    port: 8080\\n        wieght: 5'   | pools[0].members[0].wieght: unknown key (expected one of: address, agent, agent-port, agent-send, port, probe, source, weight)
        bad port type           | '    port: 8080'           | '    port: http'                       | pools[0].members[0].port: http (expected: integer)
        port out of range       | '    port: 8080'           | '    port: 70000'                      | pools[0].members[0].port: 70000 (expected: 1..65535)
        missing port            | '    port: 8080'           | ''                                     | pools[0].members[0].port: absent (expected: a port 1..65535)
        weight too big          | '    port: 8080'           | '    port: 8080\\n        weight: 300' | pools[0].members[0].weight: 300 (expected: 0..256)
        address not ipv4        | 'address: 10.20.0.2'       | 'address: backend1'                    | pools[0].members[0].address: backend1 (expected: an IPv4 address)
        slots not prime         | '    name: web'            | '    name: web\\n    slots: 1000'     | pools[0].slots: 1000 (expected: a power of two or a prime, >= 2)
        slots too many          | '    name: web'            | '    name: web\\n    slots: 131072'   | pools[0].slots: 131072 (expected: <= 65536)
        pool id too big         | 'id: 1'                    | 'id: 70000'                            | pools[0].id: 70000 (expected: 1..65535)
        pool id zero            | 'id: 1'                    | 'id: 0'                                | pools[0].id: 0 (expected: 1..65535)
        listener without port   | 'listener: 192.168.5.21:80'| 'listener: 192.168.5.21'               | pools[0].listener: 192.168.5.21 (expected: ipv4:port)
        bad duration            | 'pools:'                   | 'intervals: {probe: 2 seconds}\\npools:' | intervals.probe: 2 seconds (expected: a positive duration such as 500ms, 2s or 1m)
        timeout over interval   | 'pools:'                   | 'intervals: {probe: 1s, probe-timeout: 2s}\\npools:' | intervals.probe-timeout: 2s (expected: <= intervals.probe (1s))
        agent timeout too long  | 'pools:'                   | 'intervals: {agent: 500ms}\\npools:'   | intervals.agent-timeout: 1s (expected: <= intervals.agent (500ms))
        zero rise               | 'pools:'                   | 'intervals: {rise: 0}\\npools:'        | intervals.rise: 0 (expected: 1..100)
        probe kind              | '    port: 8080'           | '    port: 8080\\n        probe: {kind: icmp}' | pools[0].members[0].probe.kind: icmp (expected: http or tcp)
        tcp probe with path     | '    port: 8080'           | '    port: 8080\\n        probe: {kind: tcp, path: /x}' | pools[0].members[0].probe.path: /x (expected: no path for a tcp probe)
        agent off with port     | '    port: 8080'           | '    port: 8080\\n        agent: false\\n        agent-port: 9505' | pools[0].members[0].agent: false (expected: true when agent-port or agent-send is set)
        source not an address   | '    port: 8080'           | '    port: 8080\\n        source: 10.20.0.253/24' | pools[0].members[0].source: 10.20.0.253/24 (expected: an IPv4 address or an interface name)
        duplicate member        | '    port: 8080'           | '    port: 8080\\n      - {address: 10.20.0.2, port: 8080}' | pools[0].members[1]: 10.20.0.2:8080 (expected: address:port unique within the pool)
        no members              | '    members:'             | '    members: []\\n    x:'             | pools[0].x: unknown key (expected one of: id, listener, members, name, panic-threshold, slots)
        panic threshold over 100| '    name: web'            | '    name: web\\n    panic-threshold: 150%' | pools[0].panic-threshold: 150% (expected: a whole percentage from 0% to 100% such as 50%)
        panic threshold no sign | '    name: web'            | '    name: web\\n    panic-threshold: 50' | pools[0].panic-threshold: 50 (expected: a whole percentage from 0% to 100% such as 50%)
        panic threshold decimal | '    name: web'            | '    name: web\\n    panic-threshold: 37.5%' | pools[0].panic-threshold: 37.5% (expected: a whole percentage from 0% to 100% such as 50%)
        panic threshold negative| '    name: web'            | '    name: web\\n    panic-threshold: -5%' | pools[0].panic-threshold: -5% (expected: a whole percentage from 0% to 100% such as 50%)
        panic threshold a word  | '    name: web'            | '    name: web\\n    panic-threshold: half' | pools[0].panic-threshold: half (expected: a whole percentage from 0% to 100% such as 50%)
        no openflow             | 'openflow: unix:/run/openvswitch/br-lb.mgmt' | ''                   | openflow: absent (expected: an OpenFlow target such as unix:/run/openvswitch/br-lb.mgmt or a bridge name)
        api not on loopback     | 'pools:'                   | 'api: 0.0.0.0:9111\npools:'           | api: 0.0.0.0:9111 (expected: a loopback address 127.x.x.x:port (the API has no authentication))
        api not loopback form   | 'pools:'                   | 'api: localhost:9111\\npools:'         | api: localhost:9111 (expected: ipv4:port)
        bad yaml                | 'pools:'                   | 'pools: ['                             | not valid YAML at line 3, column 3: while parsing a flow node; expected the node content, but found '-'
        """)
    void rejectsWithOneLineNamingKeyValueAndExpectation(String name, String from, String to, String error) {
        String yaml = MINIMAL.replace(from, to.replace("\\n", "\n"));
        assertThat(yaml).as("the row must change the config").isNotEqualTo(MINIMAL);

        assertThatThrownBy(() -> loader.parse(yaml))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(error)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void acceptsAMemberSharedByPoolsOnlyWithTheSameProbeAndAgent() {
        String shared = MINIMAL + """
              - id: 2
                name: api
                listener: 192.168.5.22:80
                members: [{address: 10.20.0.2, port: 8080, weight: 50}]
            """;
        assertThat(loader.parse(shared).pools()).hasSize(2);

        assertThatThrownBy(() -> loader.parse(shared.replace("weight: 50", "agent-port: 9506")))
                .hasMessage("pools[1].members[0]: 10.20.0.2:8080 (expected: the same probe, agent and source as in pool web)");
    }

    @Test
    void rejectsASecondPoolWithTheSameId() {
        String yaml = MINIMAL + """
              - id: 1
                name: api
                listener: 192.168.5.22:80
                members: [{address: 10.20.0.3, port: 8080}]
            """;
        assertThatThrownBy(() -> loader.parse(yaml)).hasMessage("pools[1].id: 1 (expected: unique among pools)");
    }

    /** What a file that is no config at all gets: one line naming the file, as the agent says it. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario          | content               | after "FILE: "
        empty               | ''                    | empty (expected: a mapping with openflow and pools)
        only a comment      | '# nothing yet'       | empty (expected: a mapping with openflow and pools)
        a bare document     | '---'                 | empty (expected: a mapping with openflow and pools)
        tab indentation     | 'pools:\\n\\t- id: 1' | 'not valid YAML at line 2, column 1: while scanning for the next token; found character ''\\t(TAB)'' that cannot start any token. (Do not use \\t(TAB) for indentation)'
        """)
    void aFileThatIsNoConfigIsOneLineNamingTheFile(String scenario, String content, String expected,
                                                   @TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("lbd.yaml"), content.replace("\\n", "\n").replace("\\t-", "\t-"));
        assertThatThrownBy(() -> loader.load(file)).as(scenario).isInstanceOf(ConfigException.class)
                .hasMessage(file + ": " + expected);
    }

    @Test
    void aMissingOrNonUtf8FileIsOneLineNamingTheFile(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("missing.yaml");
        assertThatThrownBy(() -> loader.load(missing))
                .hasMessage(missing + ": no such file (expected: a readable YAML file)");
        Path latin1 = Files.write(dir.resolve("latin1.yaml"), new byte[] {'a', ':', ' ', (byte) 0xe9, '\n'});
        assertThatThrownBy(() -> loader.load(latin1))
                .hasMessage(latin1 + ": not UTF-8 at byte 3 (expected: a UTF-8 YAML file)");
    }
}
