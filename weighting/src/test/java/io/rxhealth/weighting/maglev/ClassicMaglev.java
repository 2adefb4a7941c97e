package io.rxhealth.weighting.maglev;

import java.util.ArrayList;
import java.util.List;

/**
 * The classic weighted Maglev, as a baseline for the figures: Katran's {@code MaglevHashV2} fill
 * (katran/lib/MaglevHashV2.cpp), where members take turns in key order and a member claims the
 * next free slot of its permutation each time its accumulated weight reaches the largest weight.
 * Same hashes and permutations as {@link Maglev}; no home slots, no exact quota.
 */
final class ClassicMaglev {
    private ClassicMaglev() {
    }

    static SlotTable layout(String poolId, List<Member> members, int slots) {
        Maglev.validateSlots(slots);
        List<Member> sorted = new ArrayList<>(members);
        sorted.sort(null);
        List<String> keys = new ArrayList<>();
        int n = sorted.size();
        int[] owners = SlotTable.filled(slots);
        int[] position = new int[n];
        int[] skip = new int[n];
        long[] accumulated = new long[n];
        int maxWeight = 0;
        for (int i = 0; i < n; i++) {
            String key = sorted.get(i).key();
            keys.add(key);
            position[i] = (int) Long.remainderUnsigned(Hashing.hash(poolId, key, Hashing.SALT_OFFSET), slots);
            skip[i] = PermutationFill.skipFor(Hashing.hash(poolId, key, Hashing.SALT_SKIP), slots);
            maxWeight = Math.max(maxWeight, sorted.get(i).weight());
        }
        if (maxWeight == 0) {
            return new SlotTable(keys, owners);
        }
        for (int filled = 0; filled < slots; ) {
            for (int i = 0; i < n && filled < slots; i++) {
                accumulated[i] += sorted.get(i).weight();
                if (accumulated[i] < maxWeight) {
                    continue;
                }
                accumulated[i] -= maxWeight;
                int slot = position[i];
                while (owners[slot] != -1) {
                    slot = PermutationFill.next(slot, skip[i], slots);
                }
                owners[slot] = i;
                position[i] = PermutationFill.next(slot, skip[i], slots);
                filled++;
            }
        }
        return new SlotTable(keys, owners);
    }
}
