package io.rxhealth.ovs;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.MeterRegistry;
import io.rxhealth.ovs.config.LbConfig;
import io.rxhealth.ovs.config.PipelineConfig;
import io.rxhealth.ovs.neigh.MemberNeighbour;
import io.rxhealth.ovs.neigh.NeighbourReport;
import io.rxhealth.ovs.neigh.NeighbourResolver;
import io.rxhealth.ovs.neigh.NeighbourSource;
import io.rxhealth.ovs.neigh.NeighbourWatcher;
import io.rxhealth.ovs.openflow.OpenFlowSwitch;
import io.rxhealth.ovs.pipeline.Endpoint;
import io.rxhealth.ovs.pipeline.HcPort;
import io.rxhealth.ovs.pipeline.Ipv4;
import io.rxhealth.ovs.pipeline.Mac;
import io.rxhealth.ovs.pipeline.PipelineApplier;
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
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the daemon writes besides the pool controller's decisions. Without a topology, nothing:
 * the controller's writer goes straight to table 11. With one, the {@link PipelineKeeper} stands
 * between the controller and table 11, the {@link NeighbourWatcher} feeds it the members' MACs,
 * and a check every {@code intervals.pipeline} re-applies the pipeline when the switch lost it.
 */
final class DataPlane implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(DataPlane.class);

    private final SlotTableWriter writer;
    private final PipelineKeeper keeper;
    private final NeighbourWatcher watcher;
    private final Duration checkInterval;
    private final ScheduledExecutorService checks;

    private DataPlane(SlotTableWriter writer, PipelineKeeper keeper, NeighbourWatcher watcher, Duration checkInterval) {
        this.writer = requireNonNull(writer, "writer");
        this.keeper = keeper;
        this.watcher = watcher;
        this.checkInterval = checkInterval;
        this.checks = keeper == null ? null
                : Executors.newSingleThreadScheduledExecutor(BackgroundExecutors.threads("rx-pipeline"));
    }

    static DataPlane of(LbConfig config, SlotTableWriter slots, OpenFlowSwitch ovs, NeighbourSource neighbours,
                        MeterRegistry registry, InstantSource clock) {
        if (config.pipeline().isEmpty()) {
            return new DataPlane(slots, null, null, null);
        }
        PipelineConfig pipeline = config.pipeline().get();
        Topology topology = pipeline.topology();
        PipelineKeeper keeper = new PipelineKeeper(topology, slots, new PipelineApplier(ovs, Ticker.system()),
                new PipelineMarker(ovs), registry);
        NeighbourWatcher watcher = new NeighbourWatcher(devices(topology), neighbours, keeper::neighbours, registry,
                clock, config.intervals().neigh());
        log.info("pipeline of {}: {} segments, {} pools, {} listeners; checked every {}, neighbours read every {}",
                pipeline.file(), topology.segments().size(), topology.pools().size(), topology.listeners().size(),
                config.intervals().pipeline(), config.intervals().neigh());
        return new DataPlane(keeper, keeper, watcher, config.intervals().pipeline());
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

    /** The writer the pool controller uses. */
    SlotTableWriter writer() {
        return writer;
    }

    boolean ownsPipeline() {
        return keeper != null;
    }

    /** Before the first slot apply: learn the MACs the kernel knows (the first probes made it resolve them). */
    void beforeFirstApply() {
        if (watcher != null) {
            watcher.pollOnce();
        }
    }

    /** After the first slot apply: install the whole pipeline with those tables and MACs. */
    void afterFirstApply() {
        if (keeper != null && !keeper.reapply("start")) {
            log.warn("the pipeline is not installed yet; retrying every {}", checkInterval);
        }
    }

    void start() {
        if (keeper == null) {
            return;
        }
        watcher.start();
        checks.scheduleWithFixedDelay(() -> {
            try {
                keeper.check();
            } catch (RuntimeException e) {
                log.error("pipeline check failed", e);
            }
        }, checkInterval.toNanos(), checkInterval.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Re-applies the whole pipeline now; false without a topology or when the apply failed. */
    boolean reapplyPipeline() {
        return keeper != null && keeper.reapply("operator request");
    }

    List<NeighbourReport> neighbours() {
        if (watcher == null) {
            return List.of();
        }
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
        if (watcher != null) {
            watcher.close();
        }
        if (checks != null) {
            BackgroundExecutors.stop(checks);
        }
    }
}
