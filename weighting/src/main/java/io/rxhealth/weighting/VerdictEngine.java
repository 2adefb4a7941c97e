package io.rxhealth.weighting;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The agent's verdict pipeline for one cycle: raw results, settled by rise/fall, weighed by the
 * policy, held against flapping, capped by the recovery window, overlaid by the markers, and the
 * {@code ready} word decided. No I/O; one scheduler thread drives it.
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

    public Decision decide(List<CheckResult> raw, Markers markers) {
        Verdict health = recovery.apply(hold.apply(policy.health(riseFall.settle(raw))));
        Verdict verdict = Markers.apply(health, markers);
        return new Decision(verdict, health.state(), ready.ready(verdict.state()));
    }

    public RecoverySnapshot recoverySnapshot() {
        return recovery.snapshot();
    }
}
