package io.rxhealth.ovs.pipeline;

import java.util.List;

/** A pool: its number (table 11's reg3 and multipath basis), slot-table size, and every member it may hold. */
public record Pool(int id, int slots, List<Endpoint> members) {
    public Pool {
        members = List.copyOf(members);
    }
}
