package io.rxhealth.ovs.flow;

/**
 * Packet and byte counters of one or more flows. Slot flows count NEW connections only (later
 * packets of a connection are steered by conntrack), and a moved slot starts again from zero.
 */
public record FlowCounters(long packets, long bytes) {
    public static final FlowCounters ZERO = new FlowCounters(0, 0);

    public FlowCounters plus(FlowCounters other) {
        return new FlowCounters(packets + other.packets, bytes + other.bytes);
    }
}
