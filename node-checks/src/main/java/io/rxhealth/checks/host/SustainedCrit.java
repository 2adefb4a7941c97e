package io.rxhealth.checks.host;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Level;
import io.rxhealth.weighting.Ticker;
import java.time.Duration;

/**
 * A resource check (CPU, load, memory, swap) whose CRIT counts only once it has held for a while:
 * until then it is reported as WARN, saying how long the crit level has lasted. A node busy with a
 * burst of traffic is then weighted down, not taken out, and the load it sheds cannot take the other
 * nodes down in turn. Any OK or WARN reading ends the streak; an UNKNOWN one (no reading) neither
 * ends nor extends it. Not thread-safe: one runner thread calls it; time from the injected Ticker.
 */
public final class SustainedCrit implements Check {
    private final Check inner;
    private final long holdNanos;
    private final Ticker ticker;
    private boolean crit;
    private long critSince;

    public SustainedCrit(Check inner, Duration hold, Ticker ticker) {
        this.inner = requireNonNull(inner, "inner");
        requireNonNull(hold, "hold");
        if (hold.isNegative()) {
            throw new IllegalArgumentException("hold: " + hold + " (expected: >= 0)");
        }
        this.holdNanos = hold.toNanos();
        this.ticker = requireNonNull(ticker, "ticker");
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public CheckResult run() throws Exception {
        CheckResult r = inner.run();
        return judge(r, ticker.nanos());
    }

    CheckResult judge(CheckResult r, long now) {
        if (r.level() == Level.UNKNOWN) {
            return r;
        }
        if (r.level() != Level.CRIT) {
            crit = false;
            return r;
        }
        if (!crit) {
            crit = true;
            critSince = now;
        }
        long held = now - critSince;
        if (held >= holdNanos) {
            return r;
        }
        return CheckResult.warn(r.check(), r.detail() + " (crit for " + seconds(held) + " of "
                + seconds(holdNanos) + " before it counts)");
    }

    private static String seconds(long nanos) {
        return Duration.ofNanos(nanos).toSeconds() + "s";
    }
}
