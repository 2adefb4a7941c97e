package io.rxhealth.ovs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TopologyFileTest {
    private static String standYaml() throws Exception {
        return Files.readString(StandTopology.FILE, StandardCharsets.UTF_8);
    }

    @Test
    void readsTheStandTopology() {
        Topology t = StandTopology.read();
        assertThat(t.segments()).extracting(Segment::name).containsExactly("pub", "priv2", "priv3");
        assertThat(t.segments()).extracting(Segment::id).containsExactly(1, 2, 3);
        assertThat(t.segment("priv2").orElseThrow().hc()).containsExactly(new HcPort("rxh-hcif-p2", 4,
                StandTopology.ip("10.20.0.253"), new Mac("02:42:0a:14:00:fd")));
        assertThat(t.pool(1).members()).extracting(Endpoint::key)
                .containsExactly("10.20.0.2:8080", "10.20.0.3:8080", "10.30.0.2:8080", "10.30.0.3:8080");
        assertThat(t.enabledListeners()).extracting(l -> l.vip() + ":" + l.port())
                .containsExactly("192.168.5.21:80", "10.20.0.100:80", "10.30.0.100:80");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
        # case                    | replace (first occurrence)           | by                                  | message
        unknown kind              | kind: public                         | kind: cloud                         | t: kind of pub: 'cloud' (expected: public or private)
        overlapping prefixes      | prefix: 10.30.0.0/24                 | prefix: 10.20.0.0/16                | t: prefix of priv3: 10.20.0.0/16 (expected: not overlapping priv2's 10.20.0.0/24)
        host bits in a prefix     | prefix: 10.30.0.0/24                 | prefix: 10.30.0.1/24                | t: prefix of priv3: '10.30.0.1/24' (expected: a prefix a.b.c.d/0..32 with host bits zero)
        duplicate ofport          | {name: rxh-be3, ofport: 11,          | {name: rxh-be3, ofport: 10,         | t: ofport of rxh-be3: 10 (expected: unique, given twice)
        duplicate address         | address: 10.20.0.3}                  | address: 10.20.0.2}                 | t: address of port rxh-be3: 10.20.0.2 (expected: unique, already the address of port rxh-be1)
        address outside segment   | address: 10.30.0.1                   | address: 10.31.0.1                  | t: address of priv3: 10.31.0.1 (expected: inside 10.30.0.0/24)
        missing ofport            | {name: rxh-cli3, ofport: 22,         | {name: rxh-cli3,                    | t: ofport of rxh-cli3: missing (expected: a value)
        bad mac                   | mac: 02:42:c0:a8:05:14               | mac: 02:42:c0:a8:05                 | t: mac of pub: '02:42:c0:a8:05' (expected: a MAC address xx:xx:xx:xx:xx:xx)
        multicast segment mac     | mac: 02:42:c0:a8:05:14               | mac: 03:42:c0:a8:05:14              | t: mac of pub: 03:42:c0:a8:05:14 (expected: a unicast MAC)
        slots not Maglev's        | slots: 1024                          | slots: 1000                         | t: slots of pool 1: 1000 (expected: a power of two or a prime, 2..65536)
        member without a port     | members: [10.20.0.2:8080             | members: [10.20.0.9:8080            | t: member of pool 1: 10.20.0.9:8080 (expected: the address of a segment's host port, which table 21 outputs to)
        member without a port no. | members: [10.20.0.2:8080             | members: [10.20.0.2                 | t: member: '10.20.0.2' (expected: a.b.c.d:port, e.g. 10.20.0.2:8080)
        listener of no pool       | port: 80, pool: 2}                   | port: 80, pool: 9}                  | t: listener 10.20.0.100:80: pool 9 (expected: one of the pools [1, 2, 3])
        VIP outside segments      | vip: 10.20.0.100                     | vip: 10.99.0.1                      | t: listener 10.99.0.1:80: VIP outside every segment (expected: inside one segment's prefix)
        VIP is a host             | vip: 10.20.0.100                     | vip: 10.20.0.2                      | t: listener 10.20.0.2:80: VIP is the address of port rxh-be1 (expected: an address of its own)
        VIP is the node           | vip: 10.20.0.100                     | vip: 10.20.0.1                      | t: listener 10.20.0.1:80: VIP is the address of priv2 (expected: an address of its own)
        route of no segment       | routes: []                           | routes: [{prefix: 172.16.0.0/12, segment: lan}] | t: route 172.16.0.0/12: segment 'lan' (expected: one of [pub, priv2, priv3])
        route inside a segment    | routes: []                           | routes: [{prefix: 10.20.0.128/25, segment: pub}] | t: route 10.20.0.128/25: inside priv2's 10.20.0.0/24 (expected: a prefix the segments do not cover)
        unknown key               | routes: []                           | route: []                           | t: unknown key 'route' at line
        """)
    void rejectsWithOneLineNamingTheValue(String scenario, String replace, String by, String message) throws Exception {
        String yaml = standYaml();
        int at = yaml.indexOf(replace);
        assertThat(at).as("%s: '%s' in stand/topology.yaml", scenario, replace).isNotNegative();
        String broken = yaml.substring(0, at) + by + yaml.substring(at + replace.length());

        assertThatThrownBy(() -> TopologyFile.parse(broken, "t"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(message)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void anEmptyFileIsRejected() {
        assertThatThrownBy(() -> TopologyFile.parse("", "t")).hasMessage("t: empty (expected: segments, pools, listeners)");
    }

    @Test
    void aPublicSegmentCannotHostPrivateListeners() {
        assertThatThrownBy(() -> TopologyFile.parse("""
                segments:
                  - {name: pub, kind: public, prefix: 192.168.5.0/24, mac: 02:00:00:00:00:01, address: 192.168.5.20,
                     private-listeners: true, ports: [{name: p, ofport: 1}]}
                """, "t"))
                .hasMessage("t: segment pub: public with private-listeners or hc ports (expected: those only in a private segment)");
    }
}
