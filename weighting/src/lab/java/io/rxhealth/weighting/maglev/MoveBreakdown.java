package io.rxhealth.weighting.maglev;

import java.util.List;
import java.util.Objects;
import java.util.Random;

/**
 * Where the moves of the 40-event sequences go (docs/maglev.md, "The 1.1x target"): slots that
 * change owner to or from the member the event changed, home slots taken back or given up by
 * other members, and free slots re-placed between other members; next to the per-event minimum
 * and to a bound no layout can beat, history or not: members whose new floor exceeds their old
 * ceiling must gain the difference, members whose old floor exceeds their new ceiling must lose
 * it. Run after {@code mvn -pl weighting test-compile}:
 * {@code java -cp weighting/target/test-classes:weighting/target/classes io.rxhealth.weighting.maglev.MoveBreakdown [pools]}.
 */
public final class MoveBreakdown {
    private static final int MEMBERS = 100;
    private static final int SLOTS = 1024;
    private static final int EVENTS = 40;

    private MoveBreakdown() {
    }

    public static void main(String[] args) {
        int pools = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        long changedMember = 0;
        long homeSlots = 0;
        long freeSlots = 0;
        long minimum = 0;
        long bound = 0;
        long crossings = 0;
        long crossingMoves = 0;
        long crossingMinimum = 0;
        for (long seed = 0; seed < pools; seed++) {
            var random = new Random(seed);
            List<String> keys = Pools.keys(random, MEMBERS);
            int[] home = Pools.filled(MEMBERS, 100);
            int[] weights = home.clone();
            String pool = "pool-" + seed;
            List<Member> members = Pools.members(keys, weights, home);
            SlotTable table = Maglev.layout(pool, members, SLOTS);
            List<Member> sortedHome = members.stream().sorted().toList();
            int[] homeOwners = PermutationFill.fill(pool, sortedHome, Quota.largestRemainder(home, SLOTS), home, SLOTS);
            for (int e = 0; e < EVENTS; e++) {
                int j = Figures.randomEvent(random, weights);
                List<Member> after = Pools.members(keys, weights, home);
                SlotTable nextTable = Maglev.layout(pool, after, SLOTS);
                String changed = keys.get(j);
                for (int slot = 0; slot < SLOTS; slot++) {
                    String from = table.owner(slot);
                    String to = nextTable.owner(slot);
                    if (Objects.equals(from, to)) {
                        continue;
                    }
                    String homeOwner = sortedHome.get(homeOwners[slot]).key();
                    if (changed.equals(from) || changed.equals(to)) {
                        changedMember++;
                    } else if (homeOwner.equals(from) || homeOwner.equals(to)) {
                        homeSlots++;
                    } else {
                        freeSlots++;
                    }
                }
                int eventMinimum = Disruption.minimum(members, after, SLOTS);
                minimum += eventMinimum;
                bound += boxBound(members, after);
                if (anotherFloorChanged(members, after, changed)) {
                    crossings++;
                    crossingMoves += Disruption.moved(table, nextTable);
                    crossingMinimum += eventMinimum;
                }
                members = after;
                table = nextTable;
            }
        }
        double events = (double) pools * EVENTS;
        System.out.printf("%d pools x %d events, per event:%n", pools, EVENTS);
        System.out.printf("  moved to or from the changed member:        %.2f%n", changedMember / events);
        System.out.printf("  home slots taken back or given up (others): %.2f%n", homeSlots / events);
        System.out.printf("  free slots re-placed between others:        %.2f%n", freeSlots / events);
        System.out.printf("  per-event minimum:                          %.2f%n", minimum / events);
        System.out.printf("  lower bound for any layout, even a patch:   %.2f (%.3fx the minimum)%n", bound / events,
                (double) bound / minimum);
        System.out.printf("events that change another member's floor: %d of %.0f, moving %.2f for a minimum of %.2f%n",
                crossings, events, (double) crossingMoves / crossings, (double) crossingMinimum / crossings);
    }

    /** max(sum of (new floor - old ceiling)+, sum of (old floor - new ceiling)+). */
    private static int boxBound(List<Member> before, List<Member> after) {
        int[] old = before.stream().sorted().mapToInt(Member::weight).toArray();
        int[] now = after.stream().sorted().mapToInt(Member::weight).toArray();
        int[] oldFloor = Quota.floor(old, SLOTS);
        int[] oldCeil = Quota.ceil(old, SLOTS);
        int[] newFloor = Quota.floor(now, SLOTS);
        int[] newCeil = Quota.ceil(now, SLOTS);
        int gain = 0;
        int lose = 0;
        for (int i = 0; i < old.length; i++) {
            gain += Math.max(0, newFloor[i] - oldCeil[i]);
            lose += Math.max(0, oldFloor[i] - newCeil[i]);
        }
        return Math.max(gain, lose);
    }

    private static boolean anotherFloorChanged(List<Member> before, List<Member> after, String changed) {
        List<Member> oldSorted = before.stream().sorted().toList();
        List<Member> newSorted = after.stream().sorted().toList();
        int[] oldFloor = Quota.floor(oldSorted.stream().mapToInt(Member::weight).toArray(), SLOTS);
        int[] newFloor = Quota.floor(newSorted.stream().mapToInt(Member::weight).toArray(), SLOTS);
        for (int i = 0; i < oldFloor.length; i++) {
            if (!newSorted.get(i).key().equals(changed) && newSorted.get(i).weight() > 0 && oldFloor[i] != newFloor[i]) {
                return true;
            }
        }
        return false;
    }
}
