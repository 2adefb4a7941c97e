package io.rxhealth.ovs.outage;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.rxhealth.weighting.Ticker;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node's judgement of its own switch, fed by the pipeline keeper's checks ({@link #observe}),
 * read by every member's probe results ({@link #freezes}). Loud: a log line at each change,
 * {@code rxhealth_lbd_switch_up} and {@code rxhealth_lbd_switch_outages_total}, and the
 * {@code switch} part of {@code /status}. Thread-safe.
 */
public final class SwitchWatch {
    private static final Logger log = LoggerFactory.getLogger(SwitchWatch.class);

    /** What the members do at the edges of an outage (LbNode hands it to every member). */
    public interface Members {
        /** The switch held the pipeline at this check: what the members' probes say now is good. */
        void switchHeld();

        /** The switch is found down: failures since the last {@link #switchHeld} were its, not theirs. */
        void switchLost();
    }

    private final boolean watched;
    private final Ticker ticker;
    private final InstantSource clock;
    private final Members members;
    private final Counter outages;
    private volatile SwitchHealth health;
    private volatile Instant since;
    private String downReason = "";

    /**
     * @param watched false for a node whose switch nobody checks (no topology): it stays up
     */
    public SwitchWatch(boolean watched, Members members, MeterRegistry registry, Ticker ticker, InstantSource clock) {
        this.watched = watched;
        this.members = requireNonNull(members, "members");
        this.ticker = requireNonNull(ticker, "ticker");
        this.clock = requireNonNull(clock, "clock");
        this.health = SwitchHealth.initial(ticker.nanos());
        this.since = clock.instant();
        Gauge.builder("rxhealth_lbd_switch_up", this, w -> w.health.up() ? 1 : 0)
                .description("1 while the node's own switch holds the pipeline, 0 while it is down or lost it"
                        + " (probe failures through it are frozen)")
                .register(registry);
        this.outages = Counter.builder("rxhealth_lbd_switch_outages")
                .description("Times the node's own switch was found down or without its pipeline").register(registry);
    }

    /** One check's finding; {@code detail} says why for anything but {@link SwitchCheck#HOLDS}. */
    public synchronized void observe(SwitchCheck check, String detail) {
        long now = ticker.nanos();
        SwitchHealth before = health;
        SwitchHealth next = before.after(check, now);
        health = next;
        if (next.up() && before.up()) {
            members.switchHeld();
            return;
        }
        if (next.up() == before.up()) {
            return;
        }
        since = clock.instant();
        if (!next.up()) {
            outages.increment();
            downReason = check == SwitchCheck.LOST ? "it does not hold the pipeline: " + detail
                    : "its OpenFlow calls fail: " + detail;
            log.warn("switch: DOWN ({}): probe failures through it are frozen, members keep their state until it"
                    + " is back", downReason);
            members.switchLost();
        } else {
            log.info("switch: back after {} ms: probes opened from now on count again (it was down: {})",
                    Duration.ofNanos(now - before.since()).toMillis(), downReason);
            members.switchHeld();
        }
    }

    /** Whether a failed probe opened at {@code openedAt} (ticker nanos) is the switch's failure, not its member's. */
    public boolean freezes(long openedAt) {
        return health.freezes(openedAt);
    }

    /** Whether the switch holds the pipeline as of the last check. */
    public boolean up() {
        return health.up();
    }

    /** The {@code switch} part of {@code /status}. */
    public SwitchReport report() {
        SwitchHealth h = health;
        return new SwitchReport(watched, h.up() ? "up" : "down", since.toString(), h.outages());
    }
}
