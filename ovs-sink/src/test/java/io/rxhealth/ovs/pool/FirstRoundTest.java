package io.rxhealth.ovs.pool;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.rxhealth.ovs.health.AgentFailure;
import io.rxhealth.ovs.health.ProbeResult;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FirstRoundTest {
    private final LbMetrics metrics = new LbMetrics(new SimpleMeterRegistry());

    @Test
    void countsTheMembersUpAndNamesTheFirstFewThatAreNot() {
        List<MemberRuntime> members = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            MemberRuntime m = member("10.0.0." + i + ":80", true);
            if (i < 7) {
                m.onProbe(ProbeResult.pass("HTTP 200"));
                m.onAgentReply("up 100%");
            } else if (i < 9) {
                m.onProbe(ProbeResult.fail("timeout: no reply within the timeout"));
                m.onAgentFailure(AgentFailure.CONNECT, "Connection refused");
            }
            members.add(m);
        }

        assertThat(FirstRound.summary(members)).isEqualTo("first round: 7 of 10 members probed up; not up:"
                + " 10.0.0.7:80 (timeout: no reply within the timeout), 10.0.0.8:80 (timeout: no reply within the"
                + " timeout), 10.0.0.9:80 (not probed yet); 7 of 10 agents answered; no answer: 10.0.0.7:80"
                + " (CONNECT: Connection refused), 10.0.0.8:80 (CONNECT: Connection refused), 10.0.0.9:80 (not polled yet)");
    }

    @Test
    void namesFiveAndCountsTheRest() {
        List<MemberRuntime> members = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            MemberRuntime m = member("10.0.0." + i + ":80", false);
            m.onProbe(ProbeResult.fail("HTTP 503"));
            members.add(m);
        }

        assertThat(FirstRound.summary(members)).isEqualTo("first round: 0 of 8 members probed up; not up:"
                + " 10.0.0.0:80 (HTTP 503), 10.0.0.1:80 (HTTP 503), 10.0.0.2:80 (HTTP 503), 10.0.0.3:80 (HTTP 503),"
                + " 10.0.0.4:80 (HTTP 503) and 3 more; 0 of 0 agents answered");
    }

    private MemberRuntime member(String key, boolean agent) {
        return new MemberRuntime(key, MemberSnapshot.initial(2, 3, agent), () -> { }, metrics,
                InstantSource.fixed(Instant.parse("2026-12-05T00:00:00Z")));
    }
}
