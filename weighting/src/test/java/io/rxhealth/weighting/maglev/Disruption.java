package io.rxhealth.weighting.maglev;

import java.util.List;
import java.util.Objects;

/** Measures of a layout and of a change between two layouts, for the tests and the figures. */
final class Disruption {
    /** A layout function: ours, or a baseline. */
    @FunctionalInterface
    interface Layouter {
        SlotTable layout(String poolId, List<Member> members, int slots);
    }

    private Disruption() {
    }

    /** Slots whose owner differs. */
    static int moved(SlotTable before, SlotTable after) {
        int moved = 0;
        for (int slot = 0; slot < after.size(); slot++) {
            moved += Objects.equals(before.owner(slot), after.owner(slot)) ? 0 : 1;
        }
        return moved;
    }

    /** Slots that moved from one member to another member, neither of them {@code except}. */
    static int movedBetweenOthers(SlotTable before, SlotTable after, String except) {
        int moved = 0;
        for (int slot = 0; slot < after.size(); slot++) {
            String from = before.owner(slot);
            String to = after.owner(slot);
            if (!Objects.equals(from, to) && !except.equals(from) && !except.equals(to)) {
                moved++;
            }
        }
        return moved;
    }

    /** Largest |held - slots * w / W| over the members, in slots. */
    static double maxQuotaDeviation(SlotTable table, List<Member> members) {
        long total = 0;
        for (Member m : members) {
            total += m.weight();
        }
        var counts = table.slotCounts();
        double worst = 0;
        for (Member m : members) {
            double share = total == 0 ? 0 : (double) table.size() * m.weight() / total;
            worst = Math.max(worst, Math.abs(counts.getOrDefault(m.key(), 0) - share));
        }
        return worst;
    }

    /**
     * The per-event minimum: sum over members of max(0, newQuota - oldQuota), quotas by largest
     * remainder over the members in key order: the slots that must change owner.
     */
    static int minimum(List<Member> before, List<Member> after, int slots) {
        int[] old = quotas(before, slots);
        int[] now = quotas(after, slots);
        int minimum = 0;
        for (int i = 0; i < old.length; i++) {
            minimum += Math.max(0, now[i] - old[i]);
        }
        return minimum;
    }

    /**
     * The fewest moves that can take {@code before} to any exact-quota table for {@code after}:
     * members under their new floor must gain, members over their new ceiling must lose.
     */
    static int tightMinimum(SlotTable before, List<Member> after) {
        int[] weights = after.stream().sorted().mapToInt(Member::weight).toArray();
        int[] floor = Quota.floor(weights, before.size());
        int[] ceil = Quota.ceil(weights, before.size());
        var held = before.slotCounts();
        List<Member> sorted = after.stream().sorted().toList();
        int gain = 0;
        int lose = 0;
        for (int i = 0; i < sorted.size(); i++) {
            int h = held.getOrDefault(sorted.get(i).key(), 0);
            gain += Math.max(0, floor[i] - h);
            lose += Math.max(0, h - ceil[i]);
        }
        return Math.max(gain, lose);
    }

    private static int[] quotas(List<Member> members, int slots) {
        int[] weights = members.stream().sorted().mapToInt(Member::weight).toArray();
        return Quota.largestRemainder(weights, slots);
    }
}
