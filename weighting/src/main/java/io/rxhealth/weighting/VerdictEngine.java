package io.rxhealth.weighting;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Set;

/**
 * The agent's verdict pipeline for one cycle: raw results, settled by rise/fall, weighed by the
 * policy, held against flapping, capped by the recovery window, overlaid by the markers, and the
 * {@code ready} word decided. No I/O; one scheduler thread drives it. A reload makes its successor
 * with {@link #reloaded}, which carries every count and timer, so the reload alone does not move
 * the verdict.
 */
public final class VerdictEngine {
    private final Policy policy;
    private final RiseFall riseFall;
    private final WeightHold hold;
    private final RecoveryWindow recovery;
    private final ReadyWindow ready;

    public VerdictEngine(Policy policy, RiseFall riseFall, WeightHold hold, RecoveryWindow recovery,
                         ReadyWindow ready) {
        this.policy = requireNonNull(policy, "policy");
        this.riseFall = requireNonNull(riseFall, "riseFall");
        this.hold = requireNonNull(hold, "hold");
        this.recovery = requireNonNull(recovery, "recovery");
        this.ready = requireNonNull(ready, "ready");
    }

    /**
     * The engine of a starting agent.
     *
     * @param restored where the recovery window stood when the agent last stopped
     * @param previous the state the agent last served, or UP when unknown
     */
    public static VerdictEngine start(Policy policy, VerdictSettings settings, RecoverySnapshot restored,
                                      State previous, Ticker ticker) {
        RecoveryWindow recovery = new RecoveryWindow(settings.recoveryWindow(), settings.recoverySteps(), ticker);
        recovery.restore(restored);
        return new VerdictEngine(policy, new RiseFall(settings.rise(), settings.fall()),
                new WeightHold(settings.hold(), ticker), recovery,
                new ReadyWindow(settings.readyInterval(), previous, ticker));
    }

    /**
     * The engine of a reloaded config, continuing from this one: the new policy and settings, and
     * this engine's rise/fall counts ({@link RiseFall#reloaded}: {@code kept} names the checks that
     * are the same as before), its held weight, its recovery window and its {@code ready}. This
     * engine must not be used afterwards.
     */
    public VerdictEngine reloaded(Policy policy, VerdictSettings settings, Set<String> kept) {
        return new VerdictEngine(policy, riseFall.reloaded(settings.rise(), settings.fall(), kept),
                hold.reloaded(settings.hold()), recovery.reloaded(settings.recoveryWindow(), settings.recoverySteps()),
                ready.reloaded(settings.readyInterval()));
    }

    public Decision decide(List<CheckResult> raw, Markers markers) {
        Verdict health = recovery.apply(hold.apply(policy.health(riseFall.settle(raw))));
        Verdict verdict = Markers.apply(health, markers);
        return new Decision(verdict, health.state(), ready.ready(verdict.state()));
    }

    public RecoverySnapshot recoverySnapshot() {
        return recovery.snapshot();
    }
}
