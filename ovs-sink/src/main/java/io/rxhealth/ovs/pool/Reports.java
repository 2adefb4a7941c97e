package io.rxhealth.ovs.pool;

import io.rxhealth.ovs.slots.MemberSpec;
import io.rxhealth.ovs.slots.MemberTraffic;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Builds the reports of {@code /status} and {@code /slots} from a pool's belief and its members. */
final class Reports {
    private Reports() {
    }

    static PoolReport pool(PoolState pool, Map<String, MemberRuntime> members, Map<String, MemberTraffic> traffic) {
        PoolSpec spec = pool.spec;
        SlotTable installed = pool.installed;
        Map<String, Integer> held = pool.held;
        List<MemberSnapshot> snapshots = new ArrayList<>();
        List<MemberWeight> weights = new ArrayList<>();
        long total = 0;
        for (MemberSpec m : spec.members()) {
            MemberSnapshot s = members.get(m.key()).snapshot();
            MemberWeight w = MemberWeight.of(s, m.configuredWeight());
            snapshots.add(s);
            weights.add(w);
            total += w.effective();
        }
        List<MemberReport> reports = new ArrayList<>();
        for (int i = 0; i < spec.members().size(); i++) {
            MemberSpec m = spec.members().get(i);
            MemberSnapshot s = snapshots.get(i);
            MemberWeight w = weights.get(i);
            double share = total == 0 ? 0 : (double) w.effective() / total;
            double quota = share * spec.slots();
            int slots = held.getOrDefault(m.key(), 0);
            reports.add(new MemberReport(m.key(), w.verdict(), s.probe().label(), s.probeDetail(),
                    s.agentEnabled() ? s.agent().label() : "off", s.lastReply(),
                    s.lastReplyAt() == null ? null : s.lastReplyAt().toString(),
                    s.agentFailure() == null ? null : s.agentFailure().name().toLowerCase(Locale.ROOT)
                            + (s.agentFailureDetail().isEmpty() ? "" : ": " + s.agentFailureDetail()),
                    s.agentFailures(), w.configured(), w.agent(), w.effective(), s.operatorDrain(), slots, share,
                    quota, slots - quota, traffic.containsKey(m.key()) ? traffic.get(m.key()).packets() : -1,
                    traffic.containsKey(m.key()) ? traffic.get(m.key()).bytes() : -1));
        }
        return new PoolReport(spec.id(), spec.name(), spec.listenerAddress() + ":" + spec.listenerPort(),
                spec.slots(), installed == null ? null : installed.digest(),
                pool.lastApplyAt == null ? null : pool.lastApplyAt.toString(), pool.lastSlotsMoved,
                pool.applyFailures, pool.lastError, installed != null && installed.isEmpty(), reports);
    }
}
