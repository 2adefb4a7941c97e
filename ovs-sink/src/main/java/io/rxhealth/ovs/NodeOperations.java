package io.rxhealth.ovs;

import io.rxhealth.ovs.pool.PoolReport;
import java.util.List;

/** What the HTTP API may ask of a running LB node. Member keys are validated by the caller. */
public interface NodeOperations {
    List<PoolReport> report();

    /** As {@link #report()}, with each member's packet and byte counters read from the data plane. */
    default List<PoolReport> slotReport() {
        return report();
    }

    /** True when {@code key} is the {@code address:port} of a configured member. */
    boolean hasMember(String key);

    /** Takes a configured member out of every pool it is in; probes go on. True if it changed. */
    boolean drain(String key);

    /** Undoes {@link #drain(String)}. True if it changed. */
    boolean enable(String key);

    /** Re-installs every pool's table, forced; true when every apply succeeded. */
    boolean reapply() throws InterruptedException;

    /** Prometheus text exposition of the node's meters. */
    String scrape();
}
