package io.rxhealth.ovs.neigh;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.rxhealth.ovs.pipeline.Ipv4;
import io.rxhealth.ovs.pipeline.Mac;
import io.rxhealth.ovs.threads.BackgroundExecutors;
import java.time.Duration;
import java.time.InstantSource;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the neighbour table of every hc interface each interval, resolves the members' MACs and
 * hands the full member-to-MAC map to {@code sink} after every read (the sink decides what to
 * push). Logs transitions only: a new or changed MAC, an entry the kernel gave up on, an
 * interface that cannot be read, and their recoveries.
 */
public final class NeighbourWatcher implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(NeighbourWatcher.class);

    private final Map<Ipv4, String> devices;
    private final NeighbourSource source;
    private final Consumer<Map<Ipv4, Mac>> sink;
    private final InstantSource clock;
    private final Duration interval;
    private final Counter changes;
    private final Counter readFailures;
    private final ScheduledExecutorService executor;
    /** Serialises reads (start-up and the schedule); {@code this} guards the view only. */
    private final Object pollLock = new Object();
    private final Set<String> failing = new HashSet<>();
    private Map<Ipv4, MemberNeighbour> view = Map.of();

    /** @param devices member address to the hc interface of its segment ({@link NeighbourResolver#NO_DEVICE} for none) */
    public NeighbourWatcher(Map<Ipv4, String> devices, NeighbourSource source, Consumer<Map<Ipv4, Mac>> sink,
                            MeterRegistry registry, InstantSource clock, Duration interval) {
        this.devices = Map.copyOf(devices);
        this.source = requireNonNull(source, "source");
        this.sink = requireNonNull(sink, "sink");
        this.clock = requireNonNull(clock, "clock");
        this.interval = requireNonNull(interval, "interval");
        this.changes = Counter.builder("rxhealth_lbd_neighbour_changes")
                .description("Members whose MAC changed in the kernel's neighbour table (first resolution included)")
                .register(registry);
        this.readFailures = Counter.builder("rxhealth_lbd_neighbour_read_failures")
                .description("Reads of an hc interface's neighbour table that failed").register(registry);
        this.executor = Executors.newSingleThreadScheduledExecutor(BackgroundExecutors.threads("rx-neigh"));
    }

    /** Reads every hc interface once, now, on the caller's thread. */
    public void pollOnce() {
        synchronized (pollLock) {
            poll();
        }
    }

    private void poll() {
        Map<String, List<NeighbourEntry>> tables = new LinkedHashMap<>();
        for (String dev : new TreeSet<>(devices.values())) {
            if (dev.equals(NeighbourResolver.NO_DEVICE)) {
                continue;
            }
            try {
                tables.put(dev, source.read(dev));
                if (failing.remove(dev)) {
                    log.info("neighbour table of {} readable again", dev);
                }
            } catch (Exception e) {
                readFailures.increment();
                if (failing.add(dev)) {
                    log.warn("cannot read the neighbour table of {} (keeping the MACs known): {}", dev, e.toString());
                }
            }
        }
        Map<Ipv4, Mac> macs;
        synchronized (this) {
            Map<Ipv4, MemberNeighbour> next = NeighbourResolver.resolve(devices, view, tables, clock.instant());
            next.values().forEach(n -> logTransition(view.get(n.member()), n));
            view = next;
            macs = NeighbourResolver.macs(next);
        }
        sink.accept(macs);
    }

    private void logTransition(MemberNeighbour before, MemberNeighbour now) {
        Mac was = before == null ? null : before.mac();
        if (!Objects.equals(was, now.mac())) {
            changes.increment();
            log.info("member {}: MAC {} -> {} ({} on {})", now.member(), was == null ? "none" : was, now.mac(),
                    now.state(), now.dev());
        } else if (before != null && before.origin() == Origin.KERNEL && now.origin() == Origin.LAST_KNOWN) {
            log.warn("member {}: kernel entry {} on {}, keeping the last known MAC {}", now.member(), now.state(),
                    now.dev(), now.mac());
        } else if (before != null && before.origin() == Origin.LAST_KNOWN && now.origin() == Origin.KERNEL) {
            log.info("member {}: MAC {} resolved again ({} on {})", now.member(), now.mac(), now.state(), now.dev());
        }
    }

    /** Every member's neighbour as last read, in address order. */
    public synchronized List<MemberNeighbour> view() {
        return view.values().stream().sorted((a, b) -> a.member().compareTo(b.member())).toList();
    }

    /** The MACs known now, by member address. */
    public synchronized Map<Ipv4, Mac> macs() {
        return NeighbourResolver.macs(view);
    }

    /** Reads every interval from now on. */
    public void start() {
        executor.scheduleWithFixedDelay(() -> {
            try {
                pollOnce();
            } catch (RuntimeException e) {
                // A bug must not end the schedule.
                log.error("neighbour read failed", e);
            }
        }, interval.toNanos(), interval.toNanos(), TimeUnit.NANOSECONDS);
    }

    @Override
    public void close() {
        BackgroundExecutors.stop(executor);
    }
}
