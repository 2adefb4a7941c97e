package io.rxhealth.ovs.stand;

import io.rxhealth.ovs.openflow.OfctlSwitch;
import io.rxhealth.ovs.pipeline.Ipv4;
import io.rxhealth.ovs.pipeline.Mac;
import io.rxhealth.ovs.pipeline.PipelineApplier;
import io.rxhealth.ovs.pipeline.Pool;
import io.rxhealth.ovs.pipeline.Topology;
import io.rxhealth.ovs.process.CommandRunner;
import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.maglev.Maglev;
import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.Map;
import java.util.TreeMap;

/**
 * The pipeline applied by hand behind the daemon's back, as a script of seed 000 did: every pool laid
 * out over all its members, whatever the daemon knows about them.
 */
final class HandPipeline {
    /** The MACs stand/up gives the backends. */
    private static final Map<Ipv4, Mac> NEIGHBOURS = Map.of(
            Ipv4.parse("10.20.0.2", "be1"), Mac.parse("02:42:0a:14:00:02", "be1"),
            Ipv4.parse("10.20.0.3", "be3"), Mac.parse("02:42:0a:14:00:03", "be3"),
            Ipv4.parse("10.30.0.2", "be2"), Mac.parse("02:42:0a:1e:00:02", "be2"),
            Ipv4.parse("10.30.0.3", "be4"), Mac.parse("02:42:0a:1e:00:03", "be4"));

    private final PipelineApplier applier;
    private final Topology topology;

    HandPipeline(String target, Topology topology) {
        this.applier = new PipelineApplier(new OfctlSwitch(target, CommandRunner.processes()), Ticker.system());
        this.topology = topology;
    }

    /** One bundle: the whole pipeline, every pool's table over all its members at weight 100. */
    void applyWithFullPools() throws Exception {
        Map<Integer, SlotTable> slots = new TreeMap<>();
        for (Pool pool : topology.pools()) {
            slots.put(pool.id(), fullLayout(pool));
        }
        applier.apply(topology, slots, NEIGHBOURS);
    }

    /** POOL laid out over all its members at weight 100: what the daemon installs for a healthy pool. */
    static SlotTable fullLayout(Pool pool) {
        return Maglev.layout(String.valueOf(pool.id()),
                pool.members().stream().map(e -> new Member(e.key(), 100)).toList(), pool.slots());
    }
}
