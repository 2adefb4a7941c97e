package io.rxhealth.ovs.pipeline;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.flow.FlowRenderer;
import io.rxhealth.ovs.openflow.Bundle;
import io.rxhealth.ovs.openflow.OpenFlowException;
import io.rxhealth.ovs.openflow.OpenFlowSwitch;
import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.maglev.SlotTable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Replaces the whole pipeline of one switch in ONE atomic bundle: delete every
 * flow, add the rendered pipeline, the pools' CURRENT slot tables and the current member
 * adjacencies. The switch goes from the old pipeline to the new one without an intermediate state:
 * never an empty table 11, never a full pool where members were out, never a table 21 without
 * the members' MACs (seed 001: a re-apply that forgets them breaks delivery until the next change).
 * Applying the same input twice gives the same flows (counters restart from zero).
 */
public final class PipelineApplier {
    private static final String SLOT_TABLE = "table=" + Tables.SLOTS + ",";

    private static final String KEPT = "; the switch kept its previous pipeline";
    private static final String UNSURE = "; the pipeline is the previous or the new one: read back";

    private final OpenFlowSwitch ovs;
    private final Ticker ticker;

    public PipelineApplier(OpenFlowSwitch ovs, Ticker ticker) {
        this.ovs = requireNonNull(ovs, "ovs");
        this.ticker = requireNonNull(ticker, "ticker");
    }

    /**
     * Applies the pipeline with {@code slots} (pool id to its current slot table; a pool without an
     * entry has no slots: fail-close) and {@code neighbours} (member address to its MAC).
     *
     * @throws PipelineApplyException when the switch refused the bundle (it kept its previous pipeline)
     *                                 or did not answer in time
     */
    public PipelineApplied apply(Topology topology, Map<Integer, SlotTable> slots, Map<Ipv4, Mac> neighbours)
            throws PipelineApplyException {
        return apply(topology, slots, neighbours, 0);
    }

    /**
     * As {@link #apply(Topology, Map, Map)}, with {@code cookie} on every pipeline flow outside table
     * 11 (the slot flows carry their own, and slot writers rewrite table 11's drop flow without it):
     * a cookie of 0 is none. A daemon that owns the pipeline
     * marks it so that one {@code dump-aggregate cookie=C/-1} tells whether it is still there.
     */
    public PipelineApplied apply(Topology topology, Map<Integer, SlotTable> slots, Map<Ipv4, Mac> neighbours,
                                 long cookie) throws PipelineApplyException {
        Bundle bundle = bundle(topology, slots, neighbours, cookie);
        long start = ticker.nanos();
        try {
            ovs.bundle(bundle);
        } catch (OpenFlowException e) {
            OpenFlowException explained = e.explained(KEPT, UNSURE);
            throw new PipelineApplyException(explained.getMessage(), e.timedOut(), e);
        }
        Map<Integer, String> digests = new TreeMap<>();
        slots.forEach((pool, table) -> digests.put(pool, table.digest()));
        return new PipelineApplied(bundle.flowMods(), Duration.ofNanos(ticker.nanos() - start), digests);
    }

    /**
     * The bundle {@link #apply} runs: {@code flow delete} of every table, then the pipeline, then
     * each pool's slots exactly as {@link FlowRenderer#full} writes them. Pure.
     */
    public static Bundle bundle(Topology topology, Map<Integer, SlotTable> slots, Map<Ipv4, Mac> neighbours) {
        return bundle(topology, slots, neighbours, 0);
    }

    /** As {@link #bundle(Topology, Map, Map)}, the pipeline flows outside table 11 marked with {@code cookie} (0: none). Pure. */
    public static Bundle bundle(Topology topology, Map<Integer, SlotTable> slots, Map<Ipv4, Mac> neighbours,
                                long cookie) {
        requireNonNull(slots, "slots");
        for (Map.Entry<Integer, SlotTable> e : slots.entrySet()) {
            Pool pool = topology.pool(e.getKey());
            if (e.getValue().size() != pool.slots()) {
                throw new IllegalArgumentException("slot table of pool " + pool.id() + ": " + e.getValue().size()
                        + " slots (expected: " + pool.slots() + ", the listener's multipath size)");
            }
            for (String key : e.getValue().keys()) {
                if (!pool.members().contains(Endpoint.parse(key))) {
                    throw new IllegalArgumentException("slot table of pool " + pool.id() + ": member " + key
                            + " (expected: one of the pool's members, which table 12 translates to)");
                }
            }
        }
        List<String> lines = new ArrayList<>();
        lines.add("flow delete");
        for (String flow : PipelineRenderer.render(topology, neighbours)) {
            lines.add("flow add " + (flow.startsWith(SLOT_TABLE) ? flow : withCookie(cookie, flow)));
        }
        for (Pool pool : topology.pools()) {
            SlotTable table = slots.get(pool.id());
            if (table != null) {
                lines.addAll(FlowRenderer.full(pool.id(), table).lines());
            }
        }
        return new Bundle(lines);
    }

    /** {@code flow} with {@code cookie=0x...,} in front; unchanged for cookie 0. */
    public static String withCookie(long cookie, String flow) {
        return cookie == 0 ? flow : "cookie=0x" + Long.toHexString(cookie) + "," + flow;
    }
}
