package io.rxhealth.ovs;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.MeterRegistry;
import io.rxhealth.ovs.config.Intervals;
import io.rxhealth.ovs.config.PipelineConfig;
import io.rxhealth.ovs.neigh.MemberNeighbour;
import io.rxhealth.ovs.neigh.NeighbourReport;
import io.rxhealth.ovs.neigh.NeighbourResolver;
import io.rxhealth.ovs.neigh.NeighbourSource;
import io.rxhealth.ovs.neigh.NeighbourWatcher;
import io.rxhealth.ovs.outage.SwitchWatch;
import io.rxhealth.ovs.openflow.OpenFlowSwitch;
import io.rxhealth.ovs.pipeline.Endpoint;
import io.rxhealth.ovs.pipeline.HcPort;
import io.rxhealth.ovs.pipeline.Ipv4;
import io.rxhealth.ovs.pipeline.Mac;
import io.rxhealth.ovs.pipeline.PipelineApplier;
import io.rxhealth.ovs.pipeline.PipelineKeeper;
import io.rxhealth.ovs.pipeline.PipelineMarker;
import io.rxhealth.ovs.pipeline.Segment;
import io.rxhealth.ovs.pipeline.Topology;
import io.rxhealth.ovs.slots.SlotTableWriter;
import io.rxhealth.ovs.threads.BackgroundExecutors;
import io.rxhealth.weighting.Ticker;
import java.time.Duration;
import java.time.InstantSource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A node with a topology: the {@link PipelineKeeper} stands between the pool controller and table
 * 11, the {@link NeighbourWatcher} feeds it the members' MACs, and a check every
 * {@code intervals.pipeline} re-applies the pipeline when the switch lost it.
 */
final class PipelineDataPlane implements DataPlane {
    private static final Logger log = LoggerFactory.getLogger(PipelineDataPlane.class);

    private final PipelineKeeper keeper;
    private final NeighbourWatcher watcher;
    /** How often the switch is checked while it is down: its return is repaired within this. */
    static final Duration DOWN_CHECK = Duration.ofMillis(100);

    private final Duration checkInterval;
    private final ScheduledExecutorService checks;
    private final SwitchWatch switchWatch;
    private volatile boolean closed;

    PipelineDataPlane(PipelineKeeper keeper, NeighbourWatcher watcher, Duration checkInterval, SwitchWatch switchWatch) {
        this.switchWatch = requireNonNull(switchWatch, "switchWatch");
        this.keeper = requireNonNull(keeper, "keeper");
        this.watcher = requireNonNull(watcher, "watcher");
        this.checkInterval = requireNonNull(checkInterval, "checkInterval");
        this.checks = Executors.newSingleThreadScheduledExecutor(BackgroundExecutors.threads("rx-pipeline"));
    }

    /** The keeper over {@code slots} and the watcher over {@code neighbours}, for the configuration's pipeline. */
    static PipelineDataPlane of(PipelineConfig pipeline, Intervals intervals, SlotTableWriter slots, OpenFlowSwitch ovs,
                                NeighbourSource neighbours, MeterRegistry registry, InstantSource clock, Ticker ticker,
                                SwitchWatch switchWatch) {
        Topology topology = pipeline.topology();
        PipelineKeeper keeper = new PipelineKeeper(topology, slots, new PipelineApplier(ovs, ticker),
                new PipelineMarker(ovs), registry, switchWatch::observe);
        NeighbourWatcher watcher = new NeighbourWatcher(devices(topology), neighbours, keeper::neighbours, registry,
                clock, intervals.neigh());
        log.info("pipeline of {}: {} segments, {} pools, {} listeners; checked every {}, neighbours read every {}",
                pipeline.file(), topology.segments().size(), topology.pools().size(), topology.listeners().size(),
                intervals.pipeline(), intervals.neigh());
        return new PipelineDataPlane(keeper, watcher, intervals.pipeline(), switchWatch);
    }

    /** Each member's hc interface: the first hc port of its segment ({@link NeighbourResolver#NO_DEVICE} if none). */
    static Map<Ipv4, String> devices(Topology topology) {
        Map<Ipv4, String> devices = new LinkedHashMap<>();
        for (Endpoint m : topology.members()) {
            String dev = topology.segmentOf(m.address()).map(Segment::hc).filter(hc -> !hc.isEmpty())
                    .map(hc -> hc.get(0)).map(HcPort::name).orElse(NeighbourResolver.NO_DEVICE);
            devices.putIfAbsent(m.address(), dev);
        }
        return devices;
    }

    /** The keeper: it hands table-11 applies on and remembers them for the next whole-pipeline apply. */
    @Override
    public SlotTableWriter writer() {
        return keeper;
    }

    /** Learns the MACs the kernel knows (the first probes made it resolve them). */
    @Override
    public void beforeFirstApply() {
        watcher.pollOnce();
    }

    /** Installs the whole pipeline with the first tables and those MACs. */
    @Override
    public void afterFirstApply() {
        if (!keeper.reapply("start")) {
            log.warn("the pipeline is not installed yet; retrying every {}", checkInterval);
        }
    }

    @Override
    public void start() {
        watcher.start();
        checks.schedule(this::check, checkInterval.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** One check, then the next: every interval, every {@link #DOWN_CHECK} while the switch is down. */
    private void check() {
        try {
            keeper.check();
        } catch (RuntimeException e) {
            log.error("pipeline check failed", e);
        }
        if (!closed) {
            Duration next = switchWatch.up() ? checkInterval : DOWN_CHECK;
            try {
                checks.schedule(this::check, next.toNanos(), TimeUnit.NANOSECONDS);
            } catch (RejectedExecutionException e) {
                // Closed meanwhile: no more checks.
            }
        }
    }

    /**
     * The whole pipeline in one bundle with the tables the controller believes installed and the
     * MACs known now, then the controller applies whatever changed since (usually nothing).
     */
    @Override
    public boolean reapply(Reconcile reconcile) throws InterruptedException {
        boolean pipeline = keeper.reapply("operator request");
        return reconcile.now(false) && pipeline;
    }

    @Override
    public List<NeighbourReport> neighbours() {
        return watcher.view().stream().map(this::report).toList();
    }

    private NeighbourReport report(MemberNeighbour n) {
        Mac installed = keeper.pushed(n.member());
        return new NeighbourReport(n.member().toString(), n.dev(), n.mac() == null ? null : n.mac().toString(),
                n.state(), n.origin().name(), n.since() == null ? null : n.since().toString(),
                installed == null ? null : installed.toString());
    }

    @Override
    public void close() {
        closed = true;
        watcher.close();
        BackgroundExecutors.stop(checks);
    }
}
