package io.rxhealth.ovs.pool;

import io.rxhealth.ovs.slots.MemberSpec;
import io.rxhealth.ovs.slots.MemberTraffic;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.weighting.maglev.Maglev;
import io.rxhealth.weighting.maglev.SlotTable;
import io.rxhealth.weighting.panic.PanicDecision;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Builds the reports of {@code /status} and {@code /slots} from a pool's belief and its members. */
final class Reports {
    private Reports() {
    }

    /**
     * @param shared the weights are decided by others too (a fleet): effective weights, shares and the
     *               panic state are those of the last layout, which the installed table was computed
     *               from; verdicts, probe and agent stay this node's own
     */
    static PoolReport pool(PoolState pool, Map<String, MemberRuntime> members, Map<String, MemberTraffic> traffic,
                           boolean shared) {
        PoolSpec spec = pool.spec;
        SlotTable installed = pool.installed;
        Map<String, Integer> held = pool.held;
        List<MemberSnapshot> snapshots = new ArrayList<>();
        for (MemberSpec m : spec.members()) {
            snapshots.add(members.get(m.key()).snapshot());
        }
        PoolWeights weights = PoolWeights.of(spec, snapshots, pool.panicThreshold);
        PanicDecision decided = pool.panic;
        if (shared && decided != null) {
            weights = weights.decidedBy(decided);
        }
        long total = 0;
        for (int i = 0; i < spec.members().size(); i++) {
            total += weights.layout(i);
        }
        List<String> zeroSlots = pool.zeroSlots;
        List<MemberReport> reports = new ArrayList<>();
        for (int i = 0; i < spec.members().size(); i++) {
            MemberSpec m = spec.members().get(i);
            MemberSnapshot s = snapshots.get(i);
            MemberWeight w = weights.members().get(i);
            int effective = weights.layout(i);
            double share = total == 0 ? 0 : (double) effective / total;
            double quota = share * spec.slots();
            int slots = held.getOrDefault(m.key(), 0);
            reports.add(new MemberReport(m.key(), weights.verdict(i), s.probe().label(), s.probeDetail(),
                    s.agentEnabled() ? s.agent().label() : "off", s.lastReply(),
                    s.lastReplyAt() == null ? null : s.lastReplyAt().toString(),
                    s.agentFailure() == null ? null : s.agentFailure().name().toLowerCase(Locale.ROOT)
                            + (s.agentFailureDetail().isEmpty() ? "" : ": " + s.agentFailureDetail()),
                    s.agentFailures(), w.configured(), w.agent(), effective, s.operatorDrain(), slots, share,
                    quota, slots - quota, traffic.containsKey(m.key()) ? traffic.get(m.key()).packets() : -1,
                    traffic.containsKey(m.key()) ? traffic.get(m.key()).bytes() : -1, zeroSlots.contains(m.key())));
        }
        PanicDecision panic = weights.panic();
        return new PoolReport(spec.id(), spec.name(), spec.listenerAddress() + ":" + spec.listenerPort(),
                spec.slots(), installed == null ? null : installed.digest(),
                pool.lastApplyAt == null ? null : pool.lastApplyAt.toString(), pool.lastSlotsMoved,
                pool.applyFailures, pool.lastError, installed != null && installed.isEmpty(), panic.panic(),
                panic.healthyShare().isPresent() ? panic.healthyShare().getAsDouble() : null,
                pool.panicThreshold.percent(), reports, Maglev.LAYOUT_VERSION);
    }
}
