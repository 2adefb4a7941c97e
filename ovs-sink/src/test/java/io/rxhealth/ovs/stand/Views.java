package io.rxhealth.ovs.stand;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.ovs.flow.PoolReadback;
import java.util.Map;

/**
 * What both consumers show at one moment: HAProxy's servers ({@code show servers state}), the LB
 * daemon's report ({@code /slots}) and what table 11 of the switch really holds for the pool.
 */
record Views(Map<String, HaproxyServer> haproxy, DaemonPool daemon, PoolReadback table) {
    Views {
        haproxy = Map.copyOf(haproxy);
    }

    HaproxyServer server(String backend) {
        HaproxyServer s = haproxy.get(backend);
        assertThat(s).as("HAProxy server %s in %s", backend, haproxy.keySet()).isNotNull();
        return s;
    }

    DaemonMember member(String backend) {
        return daemon.member(Stand.MEMBERS.get(backend));
    }

    /** Slots of BACKEND in table 11 as read back from the switch. */
    int slots(String backend) {
        return table.table().slotCounts().getOrDefault(Stand.MEMBERS.get(backend), 0);
    }

    /**
     * Table 11 holds what the daemon reports, and for every backend HAProxy's state and weight match
     * the daemon's: MAINT and DRAIN with the agent's verdict and no slots, DOWN with weight 0 and no
     * slots, UP with the same effective weight (and slots exactly when that weight is above 0). A
     * member the daemon's operator drained holds no slots whatever HAProxy says.
     *
     * <p>One difference is intended (docs/lbd.md, "Panic threshold"): while the daemon's pool is in
     * panic, a member whose probe is up is {@code up (panic)} at its configured weight whatever its
     * agent says, and HAProxy, which has no such threshold, keeps the agent's verdict. Then HAProxy
     * must show exactly what the daemon's agent view holds: DOWN when the agent says {@code down},
     * else UP with the agent weight. Outside panic no member may be {@code up (panic)}.
     */
    void assertAgree() {
        assertThat(table.problems()).as("table 11 problems").isEmpty();
        assertThat(table.table().digest()).as("table 11 digest vs the daemon's %s", daemon).isEqualTo(daemon.digest());
        for (String backend : Stand.BACKENDS) {
            HaproxyServer s = server(backend);
            DaemonMember m = member(backend);
            String what = backend + ": HAProxy " + s + ", daemon " + m;
            assertThat(slots(backend)).as("%s; table 11 slots", what).isEqualTo(m.slots());
            if (m.verdict().equals("drain (operator)")) {
                // The daemon's own operator drain: HAProxy knows nothing of it.
                assertThat(m.slots()).as(what).isZero();
            } else if (m.verdict().equals("up (panic)")) {
                assertThat(daemon.panic()).as("%s; up (panic) only in a pool in panic", what).isTrue();
                assertThat(m.effectiveWeight()).as("%s; the configured weight in panic", what).isEqualTo(m.configuredWeight());
                assertThat(m.slots() > 0).as(what).isEqualTo(m.configuredWeight() > 0);
                if (s.up()) {
                    assertThat(s.weight()).as("%s; HAProxy keeps the agent's weight", what).isEqualTo(m.agentWeight());
                } else {
                    assertThat(m.agent()).as("%s; HAProxy DOWN by the agent's down", what).startsWith("down");
                }
            } else if (s.maint()) {
                assertThat(m.verdict()).as(what).startsWith("maint");
                assertThat(m.slots()).as(what).isZero();
            } else if (s.drain()) {
                assertThat(m.verdict()).as(what).startsWith("drain");
                assertThat(m.slots()).as(what).isZero();
            } else if (!s.up()) {
                assertThat(m.verdict()).as(what).startsWith("down");
                assertThat(m.slots()).as(what).isZero();
            } else {
                assertThat(m.verdict()).as(what).isEqualTo("up");
                assertThat(m.effectiveWeight()).as(what).isEqualTo(s.weight());
                assertThat(m.slots() > 0).as(what).isEqualTo(s.weight() > 0);
            }
        }
    }
}
