package io.rxhealth.weighting.maglev;

import java.util.Arrays;

/**
 * Places free slots on members with room, in rounds. Every slot has its own preference order over
 * the members: a permutation {@code (offset + r * skip) mod p} of member indexes, {@code p} the
 * smallest prime >= the member count (indexes >= the count are passed over), offset and skip hashed
 * from the pool and the slot. In round {@code r} every unplaced slot asks the member at position
 * {@code r} of its order; a member takes the askers it wants most ({@link Hashing#rankKey}) while
 * it has room. Acceptance is immediate (the "Boston mechanism"): a slot placed in a round stays
 * placed, so a freed slot joining the pool cannot displace slots placed in earlier rounds. A slot's
 * order does not depend on which members are up: a member going down or coming back changes who
 * answers, not who is asked.
 */
final class PlacementRounds {
    private final int[] owners;
    private final int[] count;
    private final long[] seeds;
    private final int prime;
    private final long offsetSeed;
    private final long skipSeed;
    private final int[] asked;

    PlacementRounds(int[] owners, int[] count, long[] seeds, long poolSeed) {
        this.owners = owners;
        this.count = count;
        this.seeds = seeds;
        this.prime = primeAtLeast(Math.max(2, seeds.length));
        this.offsetSeed = Hashing.mix(poolSeed + Hashing.SALT_OFFSET);
        this.skipSeed = Hashing.mix(poolSeed + Hashing.SALT_SKIP);
        this.asked = new int[owners.length];
    }

    /**
     * Places unplaced slots until every member {@code i} holds {@code room[i]} slots or no slot is
     * left unplaced; members already at or over {@code room[i]} take nothing. Returns the slots left
     * unplaced, ascending.
     */
    int[] place(int[] unplaced, int[] room) {
        int pending = unplaced.length;
        int[] slots = unplaced.clone();
        int[] position = new int[pending];
        int[] skip = new int[pending];
        for (int k = 0; k < pending; k++) {
            position[k] = (int) Long.remainderUnsigned(Hashing.slotHash(offsetSeed, slots[k]), prime);
            skip[k] = prime == 2 ? 1
                    : (int) Long.remainderUnsigned(Hashing.slotHash(skipSeed, slots[k]), prime - 1) + 1;
        }
        long wanted = 0;
        for (int i = 0; i < seeds.length; i++) {
            wanted += Math.max(0, room[i] - count[i]);
        }
        long[] asks = new long[pending];
        for (int round = 0; round < prime && pending > 0 && wanted > 0; round++) {
            int asking = 0;
            for (int k = 0; k < pending; k++) {
                int member = position[k];
                if (member < seeds.length && count[member] < room[member]) {
                    asked[slots[k]] = member;
                    asks[asking++] = Hashing.rankKey(seeds[member], slots[k]);
                }
                position[k] = PermutationFill.next(member, skip[k], prime);
            }
            Arrays.sort(asks, 0, asking);
            for (int a = asking - 1; a >= 0; a--) {
                int slot = Hashing.slotOf(asks[a]);
                int member = asked[slot];
                if (count[member] < room[member]) {
                    owners[slot] = member;
                    count[member]++;
                    wanted--;
                }
            }
            int kept = 0;
            for (int k = 0; k < pending; k++) {
                if (owners[slots[k]] == -1) {
                    slots[kept] = slots[k];
                    position[kept] = position[k];
                    skip[kept] = skip[k];
                    kept++;
                }
            }
            pending = kept;
        }
        return Arrays.copyOf(slots, pending);
    }

    static int primeAtLeast(int n) {
        int p = n;
        while (!Maglev.isPrime(p)) {
            p++;
        }
        return p;
    }
}
