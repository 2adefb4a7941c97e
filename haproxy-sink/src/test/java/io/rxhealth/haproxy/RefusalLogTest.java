package io.rxhealth.haproxy;

import static io.rxhealth.haproxy.Admission.Outcome.CROWDED;
import static io.rxhealth.haproxy.Admission.Outcome.DENIED;
import static io.rxhealth.haproxy.Admission.Outcome.OVER_SOURCE_LIMIT;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RefusalLogTest {
    private static final InetSocketAddress FROM = new InetSocketAddress("192.0.2.7", 5555);

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final RefusalLog log = new RefusalLog(now::get, Duration.ofSeconds(10), 32);

    @Test
    void logsTheFirstRefusalAtOnceThenAtMostOneLinePerPeriodWithTheCounts() {
        assertThat(log.refused(DENIED, FROM)).hasValue(
                "agent-check: refused 1 connection not on listen.allow in the last 10 s; last from 192.0.2.7");

        for (int i = 0; i < 5; i++) {
            assertThat(log.refused(OVER_SOURCE_LIMIT, FROM)).isEmpty();
        }
        now.addAndGet(Duration.ofSeconds(9).toNanos());
        assertThat(log.refused(DENIED, FROM)).isEmpty();
        assertThat(log.pending()).isTrue();
        now.addAndGet(Duration.ofSeconds(1).toNanos());

        assertThat(log.refused(OVER_SOURCE_LIMIT, FROM)).isEqualTo(Optional.of(
                "agent-check: refused 1 connection not on listen.allow, 6 connections over 32 open from one source"
                        + " in the last 10 s; last from 192.0.2.7"));
        assertThat(log.pending()).isFalse();
    }

    @Test
    void namesConnectionsTurnedAwayFromAFullWaitingRoom() {
        assertThat(log.refused(CROWDED, FROM)).hasValue("agent-check: refused 1 connection turned away from a full"
                + " waiting room in the last 10 s; last from 192.0.2.7");
    }
}
