package io.rxhealth.ovs.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import io.rxhealth.ovs.config.ConfigLoader;
import io.rxhealth.ovs.config.LbConfig;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConntrackBudgetTest {
    /** A pool of {@code members} members on 10.20.x.y; every third one without agent. */
    private static LbConfig pool(int members, String probe, String agent) {
        String list = IntStream.range(0, members)
                .mapToObj(i -> "      - {address: 10.20." + (i / 250) + "." + (1 + i % 250) + ", port: 8080"
                        + (i % 3 == 2 ? ", agent: false" : "") + "}")
                .collect(Collectors.joining("\n"));
        return new ConfigLoader().parse("""
            openflow: unix:/run/openvswitch/br-lb.mgmt
            intervals: {probe: %s, probe-timeout: 100ms, agent: %s, agent-timeout: 100ms}
            pools:
              - id: 1
                name: web
                listener: 192.168.5.21:80
                members:
            %s
              - id: 2
                name: again
                listener: 192.168.5.22:80
                members:
                  - {address: 10.20.0.1, port: 8080}
            """.formatted(probe, agent, list));
    }

    @ParameterizedTest(name = "{0} members, probe {1}, agent {2}: {3}/s")
    @CsvSource({
        // members, probe, agent, connections/s (a member in two pools counts once; every third has no agent)
        "3,     2s,    2s,  2.5",
        "3,     1s,    500ms, 7.0",
        "300,   2s,    1s,  350.0",
        "9999,  2s,    1s,  11665.5",
    })
    void countsOneProbeAndOnePollPerMemberAndInterval(int members, String probe, String agent, double perSecond) {
        assertThat(ConntrackBudget.connectionsPerSecond(pool(members, probe, agent))).isCloseTo(perSecond, offset(1e-9));
    }

    @ParameterizedTest(name = "{0}/s, max {1}: {4} answering, {5} unanswered, tight {6}")
    @CsvSource({
        // connections/s, nf_conntrack_max, close s, syn_sent s, answering, unanswered, tight
        "2.5,     262144,  10, 120, 25,     300,     false",
        "10000,   262144,  10, 120, 100000, 1200000, true",
        "1092.3,  262144,  10, 120, 10923,  131076,  true",
        "1092.2,  262144,  10, 120, 10922,  131064,  false",
        "10000,   262144,  0,  0,   0,      0,       false",
    })
    void judgesTheUnansweredCaseAgainstHalfTheTable(double perSecond, long max, long close, long synSent,
                                                    long answering, long unanswered, boolean tight) {
        var budget = new ConntrackBudget(perSecond, new ConntrackLimits(max, close, synSent));

        assertThat(budget.answering()).isEqualTo(answering);
        assertThat(budget.unanswered()).isEqualTo(unanswered);
        assertThat(budget.tight()).isEqualTo(tight);
    }

    @ParameterizedTest(name = "{0}/s")
    @CsvSource(delimiter = '|', value = {
        "10000 | conntrack: health checks open 10000.0 connections/s: 100000 entries while members answer, up to 1200000"
                + " when none does, of nf_conntrack_max 262144; exempt the health-check addresses from conntrack or raise"
                + " nf_conntrack_max (docs/lbd.md, \"Connection tracking\"), or probes and polls time out once the table is full",
        "2.5   | conntrack: health checks open 2.5 connections/s: 25 entries while members answer, up to 300 when none"
                + " does, of nf_conntrack_max 262144",
    })
    void saysWhatToDoOnlyWhenTheTableIsTight(double perSecond, String line) {
        assertThat(new ConntrackBudget(perSecond, new ConntrackLimits(262144, 10, 120)).line()).isEqualTo(line);
    }
}
