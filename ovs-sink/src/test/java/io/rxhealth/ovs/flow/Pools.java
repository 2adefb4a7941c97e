package io.rxhealth.ovs.flow;

import io.rxhealth.weighting.maglev.Maglev;
import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.ArrayList;
import java.util.List;

/** The test pool: seed 002's four members on :8080, equal weights. */
final class Pools {
    static final int POOL = 7;
    static final String POOL_ID = "pool-7";
    static final List<String> MEMBERS = List.of("10.20.0.2:8080", "10.20.0.3:8080", "10.30.0.2:8080", "10.30.0.3:8080");
    static final String LEAVER = "10.20.0.3:8080";

    private Pools() {
    }

    static SlotTable all(int slots) {
        return layout(slots, MEMBERS);
    }

    /** The same pool after {@link #LEAVER} left (weight 0: still listed, holds no slot). */
    static SlotTable withoutLeaver(int slots) {
        List<Member> members = new ArrayList<>();
        for (String key : MEMBERS) {
            members.add(new Member(key, key.equals(LEAVER) ? 0 : 100));
        }
        return Maglev.layout(POOL_ID, members, slots);
    }

    static SlotTable empty(int slots) {
        return Maglev.layout(POOL_ID, MEMBERS.stream().map(k -> new Member(k, 0)).toList(), slots);
    }

    static SlotTable layout(int slots, List<String> keys) {
        return Maglev.layout(POOL_ID, keys.stream().map(k -> new Member(k, 100)).toList(), slots);
    }
}
