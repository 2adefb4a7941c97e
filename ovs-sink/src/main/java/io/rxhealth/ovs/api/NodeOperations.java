package io.rxhealth.ovs.api;

import io.rxhealth.ovs.fleet.FleetStatus;
import io.rxhealth.ovs.neigh.NeighbourReport;
import io.rxhealth.ovs.outage.SwitchReport;
import io.rxhealth.ovs.pool.DrainEffect;
import io.rxhealth.ovs.pool.PoolReport;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/** What the HTTP API may ask of a running LB node. Member keys are validated by the caller. */
public interface NodeOperations {
    List<PoolReport> report();

    /** As {@link #report()}, with each member's packet and byte counters read from the data plane. */
    default List<PoolReport> slotReport() {
        return report();
    }

    /** True when {@code key} is the {@code address:port} of a configured member. */
    boolean hasMember(String key);

    /**
     * What draining a configured member would do to each pool it is in (the pools named, and
     * whether one would be left with no member in its table); empty when the node cannot say.
     */
    default List<DrainEffect> drainEffects(String key) {
        return List.of();
    }

    /** Takes a configured member out of every pool it is in; probes go on. True if it changed. */
    boolean drain(String key);

    /** Undoes {@link #drain(String)}. True if it changed. */
    boolean enable(String key);

    /** Re-installs every pool's table, forced; true when every apply succeeded. */
    boolean reapply() throws InterruptedException;

    /** Prometheus text exposition of the node's meters. */
    String scrape();

    /** The node's own switch as the health checks see it; empty when the node cannot say. */
    default Optional<SwitchReport> switchReport() {
        return Optional.empty();
    }

    /** The fleet as this node sees it; empty for a node alone. */
    default Optional<FleetStatus> fleet() {
        return Optional.empty();
    }

    /** Members' MACs, when the node owns the pipeline (a topology is configured); empty otherwise. */
    default List<NeighbourReport> neighbours() {
        return List.of();
    }

    /** {@code ovs-ofctl dump-flows} of the bridge (one table when given), as ovs-ofctl prints it. */
    default String flows(OptionalInt table) throws Exception {
        throw new UnsupportedOperationException("flows: not available on this node");
    }

    /** {@code ovs-appctl ofproto/trace BRIDGE in_port=P,FLOW}, as ovs-appctl prints it. */
    default String trace(String inPort, String flow) throws Exception {
        throw new UnsupportedOperationException("trace: not available on this node");
    }

    /** The learned FDB entries of the private segments (table 25), as dump-flows prints them. */
    default String fdb() throws Exception {
        throw new UnsupportedOperationException("fdb: not available on this node");
    }

    /** {@code ovs-appctl dpctl/dump-conntrack zone=1}, as ovs-appctl prints it. */
    default String conntrack() throws Exception {
        throw new UnsupportedOperationException("conns: not available on this node");
    }
}
