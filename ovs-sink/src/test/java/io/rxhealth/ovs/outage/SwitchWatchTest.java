package io.rxhealth.ovs.outage;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.rxhealth.weighting.Ticker;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The watch over a fake ticker: what the members are told, what a failed probe opened when means, what it reports. */
class SwitchWatchTest {
    private long now = 1_000;
    private final Ticker ticker = () -> now;
    private final List<String> told = new ArrayList<>();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final SwitchWatch watch = new SwitchWatch(true, new SwitchWatch.Members() {
        @Override
        public void switchHeld() {
            told.add("held");
        }

        @Override
        public void switchLost() {
            told.add("lost");
        }
    }, registry, ticker, InstantSource.fixed(Instant.parse("2026-12-05T00:00:00Z")));

    @Test
    void anOutageFreezesWhatWasOpenedUntilTheReturnAndNothingAfter() {
        watch.observe(SwitchCheck.HOLDS, "");
        long openedBefore = at(Duration.ofSeconds(1));
        watch.observe(SwitchCheck.UNREACHABLE, "ovs-ofctl: failed to connect to socket (Connection refused)");
        long openedDuring = at(Duration.ofMillis(300));
        watch.observe(SwitchCheck.LOST, "0 of its 40 flows");
        at(Duration.ofMillis(100));
        watch.observe(SwitchCheck.HOLDS, "");
        long openedAfter = at(Duration.ofMillis(1));

        assertThat(told).containsExactly("held", "lost", "held");
        assertThat(watch.freezes(openedBefore)).as("opened before the outage was found, failed after").isTrue();
        assertThat(watch.freezes(openedDuring)).isTrue();
        assertThat(watch.freezes(openedAfter)).as("opened after the return").isFalse();
        assertThat(watch.up()).isTrue();
        assertThat(watch.report()).isEqualTo(new SwitchReport(true, "up", "2026-12-05T00:00:00Z", 1));
        assertThat(registry.get("rxhealth_lbd_switch_outages").counter().count()).isEqualTo(1);
        assertThat(registry.get("rxhealth_lbd_switch_up").gauge().value()).isEqualTo(1);
    }

    @Test
    void whileDownEveryFailureIsFrozenAndItSaysSo() {
        watch.observe(SwitchCheck.UNREACHABLE, "refused");
        at(Duration.ofSeconds(5));

        assertThat(watch.freezes(now)).isTrue();
        assertThat(watch.up()).isFalse();
        assertThat(watch.report().state()).isEqualTo("down");
        assertThat(registry.get("rxhealth_lbd_switch_up").gauge().value()).isZero();
        assertThat(told).containsExactly("lost");
    }

    @Test
    void aSwitchNeverDownFreezesNothing() {
        watch.observe(SwitchCheck.HOLDS, "");
        at(Duration.ofSeconds(2));

        assertThat(watch.freezes(now)).isFalse();
        assertThat(watch.report()).isEqualTo(new SwitchReport(true, "up", "2026-12-05T00:00:00Z", 0));
    }

    /** Advances the ticker by {@code d}; the new time, as a probe opened now would carry it. */
    private long at(Duration d) {
        now += d.toNanos();
        return now;
    }
}
