package io.rxhealth.ovs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConntrackTest {
    /** As ovs-appctl dpctl/dump-conntrack zone=1 prints the userspace datapath's entries (OVS 3.1). */
    private static final String DUMP = """
        tcp,orig=(src=192.168.5.13,dst=192.168.5.21,sport=40001,dport=80),reply=(src=10.20.0.2,dst=192.168.5.13,sport=8080,dport=40001),zone=1,protoinfo=(state=ESTABLISHED)
        tcp,orig=(src=192.168.5.13,dst=192.168.5.21,sport=40002,dport=80),reply=(src=10.20.0.2,dst=192.168.5.13,sport=8080,dport=40002),zone=1,protoinfo=(state=TIME_WAIT)
        tcp,orig=(src=192.168.5.14,dst=192.168.5.21,sport=40003,dport=80),reply=(src=10.30.0.2,dst=192.168.5.14,sport=8080,dport=40003),zone=1,protoinfo=(state=ESTABLISHED)
        tcp,orig=(src=10.20.0.5,dst=10.20.0.100,sport=50000,dport=80),reply=(src=10.20.0.2,dst=10.20.0.5,sport=8080,dport=50000),zone=1,mark=0,protoinfo=(state=SYN_SENT)
        udp,orig=(src=192.168.5.13,dst=192.168.5.21,sport=5353,dport=53),reply=(src=10.20.0.3,dst=192.168.5.13,sport=53,dport=5353),zone=1
        icmp,orig=(src=192.168.5.13,dst=192.168.5.21,id=7,type=8,code=0),reply=(src=192.168.5.21,dst=192.168.5.13,id=7,type=0,code=0),zone=1
        """;

    @ParameterizedTest(name = "{0} via {1}")
    @CsvSource(delimiter = '|', textBlock = """
        # member        | listener         | proto | connections | states
        10.20.0.2:8080  | 10.20.0.100:80   | tcp   | 1           | SYN_SENT=1
        10.20.0.2:8080  | 192.168.5.21:80  | tcp   | 2           | ESTABLISHED=1 TIME_WAIT=1
        10.20.0.3:53    | 192.168.5.21:53  | udp   | 1           | -=1
        10.30.0.2:8080  | 192.168.5.21:80  | tcp   | 1           | ESTABLISHED=1
        """)
    void countsConnectionsPerMemberAndListener(String member, String listener, String proto, int connections,
                                               String states) {
        Conntrack.MemberConns m = Conntrack.summarise(DUMP).members().stream()
                .filter(x -> x.member().equals(member) && x.listener().equals(listener)).findFirst().orElseThrow();

        assertThat(m.protocol()).isEqualTo(proto);
        assertThat(m.connections()).isEqualTo(connections);
        assertThat(String.join(" ", m.states().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList()))
                .isEqualTo(states);
    }

    @Test
    void countsWhatItCannotReadInsteadOfGuessing() {
        Conntrack.Summary s = Conntrack.summarise(DUMP);
        assertThat(s.total()).isEqualTo(5);
        assertThat(s.unparsed()).isEqualTo(1);
        assertThat(s.members()).hasSize(4);
        assertThat(Conntrack.summarise("").members()).isEmpty();
    }

    @Test
    void rendersOneRowPerMemberAndATotal() {
        String text = ConnsCommand.render(Conntrack.summarise(DUMP.lines().limit(2).reduce("", (a, b) -> a + b + "\n")));
        assertThat(text).contains("10.20.0.2:8080").contains("ESTABLISHED=1 TIME_WAIT=1").endsWith("total 2\n");
    }
}
