package io.rxhealth.ovs.pipeline;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.rxhealth.ovs.outage.SwitchCheck;
import io.rxhealth.ovs.slots.ApplyResult;
import io.rxhealth.ovs.slots.MemberTraffic;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.ovs.slots.SlotTableWriter;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Owns the whole pipeline of the switch. As the pool controller's {@link SlotTableWriter} it hands
 * table-11 applies to {@code slots} and remembers what each pool's table is; with that it can
 * re-apply the WHOLE pipeline in one bundle at any time with the CURRENT slot tables (exactly what
 * the controller believes is installed, so the belief stays true) and the CURRENT member MACs.
 * It also pushes a member's table-21 flow when its MAC changes (a point update).
 *
 * <p>Every pipeline flow carries {@link PipelineMarker#cookie}: {@link #check()} counts them with one
 * {@code dump-aggregate} and re-applies when the count is not what was written (ovs-vswitchd
 * restarted, a {@code del-flows}, someone's {@code replace-flows}, a flow overwritten). After a
 * re-apply the neighbours written are the ones in the bundle, so a wipe never leaves table 21
 * without members while memory says "unchanged" (seed 001's bug). All methods are serialised.
 */
public final class PipelineKeeper implements SlotTableWriter {
    private static final Logger log = LoggerFactory.getLogger(PipelineKeeper.class);

    private final Topology topology;
    private final SlotTableWriter slots;
    private final PipelineApplier applier;
    private final PipelineMarker marker;
    private final SwitchObserver observer;
    private final long cookie;
    private final Counter appliedOk;
    private final Counter appliedFailed;
    private final Counter repairs;
    private final Counter pushedOk;
    private final Counter pushedFailed;
    /** What table 11 holds for each pool, as far as applies that succeeded tell. */
    private final Map<Integer, SlotTable> written = new HashMap<>();
    /** The MACs the members should have, as last resolved. */
    private Map<Ipv4, Mac> desired = Map.of();
    /** The MACs table 21 holds, as far as bundles that succeeded tell. */
    private Map<Ipv4, Mac> pushed = Map.of();
    /** True once a pipeline apply succeeded: point updates before that would go into a foreign pipeline. */
    private boolean owned;
    private boolean checkFailing;
    /** The last failed apply's message: a switch that stays down is logged once, not every check. */
    private String lastFailure;

    /** Told what each look at the switch found: whether it holds the pipeline, lost it, or does not answer. */
    @FunctionalInterface
    public interface SwitchObserver {
        SwitchObserver NONE = (check, detail) -> { };

        void observe(SwitchCheck check, String detail);
    }

    public PipelineKeeper(Topology topology, SlotTableWriter slots, PipelineApplier applier, PipelineMarker marker,
                   MeterRegistry registry) {
        this(topology, slots, applier, marker, registry, SwitchObserver.NONE);
    }

    public PipelineKeeper(Topology topology, SlotTableWriter slots, PipelineApplier applier, PipelineMarker marker,
                   MeterRegistry registry, SwitchObserver observer) {
        this.observer = requireNonNull(observer, "observer");
        this.topology = requireNonNull(topology, "topology");
        this.slots = requireNonNull(slots, "slots");
        this.applier = requireNonNull(applier, "applier");
        this.marker = requireNonNull(marker, "marker");
        this.cookie = PipelineMarker.cookie(topology);
        this.appliedOk = counter(registry, "rxhealth_lbd_pipeline_applies", "result", "ok", "Whole-pipeline applies by result");
        this.appliedFailed = counter(registry, "rxhealth_lbd_pipeline_applies", "result", "failed", "Whole-pipeline applies by result");
        this.repairs = Counter.builder("rxhealth_lbd_pipeline_repairs")
                .description("Times the switch no longer held the pipeline and it was re-applied").register(registry);
        this.pushedOk = counter(registry, "rxhealth_lbd_neighbour_updates", "result", "ok", "Point updates of a member's table-21 flow by result");
        this.pushedFailed = counter(registry, "rxhealth_lbd_neighbour_updates", "result", "failed", "Point updates of a member's table-21 flow by result");
    }

    private static Counter counter(MeterRegistry registry, String name, String tag, String value, String description) {
        return Counter.builder(name).tag(tag, value).description(description).register(registry);
    }

    @Override
    public synchronized ApplyResult apply(PoolSpec pool, SlotTable installed, SlotTable next, boolean force)
            throws Exception {
        ApplyResult outcome = slots.apply(pool, installed, next, force);
        written.put(pool.id(), next);
        return outcome;
    }

    @Override
    public synchronized boolean holds(PoolSpec pool, SlotTable installed) throws Exception {
        return slots.holds(pool, installed);
    }

    @Override
    public Map<String, MemberTraffic> traffic(PoolSpec pool) throws Exception {
        return slots.traffic(pool);
    }

    /** Checks that the switch holds the pipeline as written; re-applies it when not. True when it holds it now. */
    public synchronized boolean check() {
        long expected = expectedFlows();
        long found;
        try {
            found = marker.count(cookie);
        } catch (Exception e) {
            if (!checkFailing) {
                checkFailing = true;
                log.warn("cannot count the pipeline's flows (retrying every interval): {}", e.getMessage());
            }
            observer.observe(SwitchCheck.UNREACHABLE, e.getMessage());
            return false;
        }
        if (checkFailing) {
            checkFailing = false;
            log.info("the pipeline's flows can be counted again");
        }
        if (owned && found == expected) {
            observer.observe(SwitchCheck.HOLDS, "");
            return true;
        }
        if (owned) {
            repairs.increment();
            log.warn("the switch holds {} of the pipeline's {} flows (cookie {}): re-applying the whole pipeline",
                    found, expected, Long.toHexString(cookie));
            // Until the repair lands, what crosses the switch is dropped: the probes' failures are its.
            observer.observe(SwitchCheck.LOST, found + " of its " + expected + " flows");
        }
        return reapply(owned ? "repair" : "start");
    }

    /** Re-applies the whole pipeline with the current slot tables and MACs, in one bundle. */
    public synchronized boolean reapply(String why) {
        Map<Ipv4, Mac> macs = Map.copyOf(desired);
        PipelineApplied applied;
        try {
            applied = applier.apply(topology, Map.copyOf(written), macs, cookie);
        } catch (PipelineApplyException e) {
            appliedFailed.increment();
            if (!e.getMessage().equals(lastFailure)) {
                log.warn("pipeline apply ({}) failed (retrying every check): {}", why, e.getMessage());
            }
            lastFailure = e.getMessage();
            return false;
        }
        appliedOk.increment();
        lastFailure = null;
        pushed = macs;
        owned = true;
        observer.observe(SwitchCheck.HOLDS, "");
        log.info("pipeline applied ({}): {} flow mods in {} ms, slot tables {}, {} member MACs", why,
                applied.flowMods(), applied.duration().toMillis(), applied.digests(), macs.size());
        return true;
    }

    /**
     * The members' MACs as resolved now: members whose MAC differs from what table 21 holds get a
     * point update each (their flow only); the others are left alone.
     */
    public synchronized void neighbours(Map<Ipv4, Mac> macs) {
        Map<Ipv4, Mac> usable = new LinkedHashMap<>();
        macs.forEach((ip, mac) -> {
            if (topology.portOf(ip).isPresent()) {
                usable.put(ip, mac);
            }
        });
        desired = Map.copyOf(usable);
        if (!owned) {
            return;
        }
        for (Map.Entry<Ipv4, Mac> e : usable.entrySet()) {
            Mac before = pushed.get(e.getKey());
            if (Objects.equals(before, e.getValue())) {
                continue;
            }
            String flow = PipelineRenderer.adjacency(topology, e.getKey(), e.getValue());
            try {
                marker.pointUpdate(PipelineApplier.withCookie(cookie, flow));
            } catch (Exception ex) {
                pushedFailed.increment();
                log.warn("member {}: table-21 update to {} failed (retrying next read): {}", e.getKey(), e.getValue(),
                        ex.getMessage());
                continue;
            }
            pushedOk.increment();
            Map<Ipv4, Mac> next = new HashMap<>(pushed);
            next.put(e.getKey(), e.getValue());
            pushed = Map.copyOf(next);
            log.info("member {}: table 21 delivers to {} (was {})", e.getKey(), e.getValue(), before == null ? "none" : before);
        }
    }

    /** The MAC table 21 holds for {@code member} as far as this node wrote it, or null. */
    public synchronized Mac pushed(Ipv4 member) {
        return pushed.get(member);
    }

    /** Flows marked with the cookie after the last apply: the pipeline with the MACs pushed, outside table 11 (never marked). */
    private long expectedFlows() {
        return PipelineRenderer.render(topology, pushed).stream().filter(f -> !f.startsWith("table=" + Tables.SLOTS + ",")).count();
    }
}
