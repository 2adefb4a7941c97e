package io.rxhealth.ovs.openflow;

import java.util.List;
import java.util.OptionalInt;

/**
 * The daemon's one way to a switch's OpenFlow tables: the slot writer, the pipeline, the neighbour
 * updates and the operator's {@code flows} all go through it. {@link OfctlSwitch} makes each call
 * an {@code ovs-ofctl} run; {@link ChannelSwitch} sends structured bundles over one persistent
 * OpenFlow connection and the rest through ovs-ofctl; a recording switch in a test is one more. Implementations are safe for concurrent calls: the
 * pool controller writes while the API reads.
 */
public interface OpenFlowSwitch extends AutoCloseable {
    /** The switch as messages name it: {@code unix:DIR/BRIDGE.mgmt} or a bridge name. */
    String target();

    /**
     * Applies every flow mod of {@code bundle} or none: the switch never holds a state in between.
     *
     * @throws OpenFlowException when the switch refused the bundle (it kept its flows) or did not
     *                           answer in time (it holds the old flows or the new ones)
     */
    void bundle(Bundle bundle) throws OpenFlowException;

    /**
     * The flows of {@code table} (0..254), of every table when empty, one per line as
     * {@code ovs-ofctl dump-flows} prints them.
     */
    String dumpFlows(OptionalInt table) throws OpenFlowException;

    /**
     * The flows {@code query} selects, decoded: the daemon's reads of its own tables (the slot
     * table's read-back) go through here.
     */
    List<FlowEntry> flows(FlowQuery query) throws OpenFlowException;

    /** How many flows match {@code match} ({@code dump-aggregate}), e.g. {@code cookie=0x2a/-1}. */
    long flowCount(String match) throws OpenFlowException;

    /** How many flows {@code query} selects, without reading them: the same as {@link #flowCount(String)} of its text. */
    default long flowCount(FlowQuery query) throws OpenFlowException {
        return flowCount(query.text());
    }

    /**
     * How many flows {@code table} holds, as cheaply as the way to the switch allows: from the
     * switch's table statistics over a channel, by {@link #flowCount(String)} otherwise.
     */
    default long tableFlowCount(int table) throws OpenFlowException {
        return flowCount("table=" + table);
    }

    /** Releases what the switch holds open (a persistent connection); nothing by default. */
    @Override
    default void close() {
    }
}
