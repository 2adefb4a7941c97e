package io.rxhealth.agent;

import com.fasterxml.jackson.jr.ob.JSON;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Quantile;
import io.prometheus.metrics.model.snapshots.Quantiles;
import io.rxhealth.agent.build.BuildInfo;
import io.rxhealth.agent.check.CheckFactory;
import io.rxhealth.agent.check.CheckRunner;
import io.rxhealth.agent.config.AgentConfig;
import io.rxhealth.agent.json.Json;
import io.rxhealth.agent.loop.AgentLoop;
import io.rxhealth.agent.metrics.AgentMetrics;
import io.rxhealth.agent.reload.AgentReload;
import io.rxhealth.agent.state.History;
import io.rxhealth.agent.state.MarkerFiles;
import io.rxhealth.agent.state.StateDirectory;
import io.rxhealth.agent.state.StateFile;
import io.rxhealth.agent.status.AgentStatus;
import io.rxhealth.agent.status.StatusServer;
import io.rxhealth.checks.http.EndpointStats;
import io.rxhealth.checks.http.LatencyTotals;
import io.rxhealth.checks.http.HttpEndpointCheck;
import io.rxhealth.haproxy.AgentCheckServer;
import io.rxhealth.haproxy.Listen;
import io.rxhealth.haproxy.ReplyBoard;
import io.rxhealth.haproxy.SinkOptions;
import io.rxhealth.weighting.Policy;
import io.rxhealth.weighting.RecoverySnapshot;
import io.rxhealth.weighting.State;
import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.Verdict;
import io.rxhealth.weighting.VerdictEngine;
import io.rxhealth.weighting.VerdictSettings;
import io.rxhealth.weighting.reload.ConfigReload;
import java.io.IOException;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The running agent: checks in the background on their interval, the verdict served on 9505 from
 * the latest decision, and {@code /status} + {@code /metrics} on loopback. Wired by hand.
 */
public final class AgentApp implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(AgentApp.class);

    private final List<AutoCloseable> closeables = new ArrayList<>();
    private final AgentCheckServer server;
    private final StatusServer status;
    private final Path stateDir;
    private final Ticker ticker = Ticker.system();
    private final InstantSource wall = InstantSource.system();
    private final JSON json = Json.json();
    private final StateFile stateFile;
    private final History history;
    private final AgentMetrics metrics;
    private final ReplyBoard board = new ReplyBoard();
    private final ScheduledExecutorService scheduler;
    private final ConfigReload<AgentConfig> reload;
    /** Builds the checks of each config, keeping unchanged ones over a reload; lives as long as the agent. */
    private final CheckFactory factory;
    /** The threads the checks run on, for every config in turn: a check kept by a reload keeps its run. */
    private final ExecutorService checkPool;
    private final AgentLoop loop;
    /** The checks of the config in force; replaced by a reload. */
    private volatile CheckFactory.Built checks;
    private ScheduledFuture<?> schedule;

    private AgentApp(AgentConfig config, Supplier<AgentConfig> source) throws IOException {
        stateDir = StateDirectory.resolve(config.stateDir());
        stateFile = new StateFile(stateDir, json);
        history = new History(stateDir, json, 200);
        metrics = new AgentMetrics(new PrometheusRegistry());
        BuildInfo build = BuildInfo.current();
        metrics.buildInfo(build.version(), build.revision(), build.java());
        metrics.processAndJvm();
        reload = new ConfigReload<>(source, config, this::apply, wall, AgentReload.LOG);
        AgentReload.register(reload, metrics);
        factory = new CheckFactory(ticker, wall);
        checkPool = Executors.newCachedThreadPool(daemon("rx-check"));
        // Closed last, in this order: no check runs once the pool is down.
        closeables.add(checkPool::shutdownNow);
        closeables.add(factory);
        try {
            checks = factory.build(config);
            loop = startLoop(config, checks);
            registerHttpMetrics(metrics, () -> checks.http());

            // 9505 opens at once, but its first answer is the first computed verdict: a connection
            // made while the first cycle runs waits for it (within the connection timeout) instead
            // of getting a made-up 100%. Opening first overlaps Netty's start with the first cycle.
            SinkOptions options = SinkOptions.defaults().withMaxConnections(config.listen().maxConnections())
                    .withConnectionTimeout(config.listen().connectionTimeout())
                    .withMaxPerSource(config.listen().maxPerSource()).withAllow(config.listen().allow());
            server = AgentCheckServer.start(listen(config.listen()), board, options, ticker);
            closeables.add(0, server);
            registerSinkMetrics(metrics, server);
            loop.cycle();
            log.info("serving agent-check on {} ({}), state dir {}", server.localAddress(),
                    config.listen().socket(), stateDir);

            if (config.status().isPresent()) {
                status = new StatusServer(config.status().get(), server.eventLoops(), loop::status,
                        metrics::scrape, json);
                closeables.add(0, status);
                log.info("status and metrics on http://{}:{}/status", status.address().getHostString(),
                        status.address().getPort());
            } else {
                status = null;
            }

            scheduler = Executors.newSingleThreadScheduledExecutor(daemon("rx-loop"));
            closeables.add(0, scheduler::shutdownNow);
            schedule(config.interval());
        } catch (IOException | RuntimeException e) {
            // Whatever was opened (the port above all) is released, so a failed start leaves nothing.
            close();
            throw e;
        }
    }

    /** The loop over {@code built}, continuing from the state file as a start does. */
    private AgentLoop startLoop(AgentConfig config, CheckFactory.Built built) throws IOException {
        Optional<StateFile.Saved> saved = stateFile.load();
        saved.ifPresent(s -> log.info("continuing from state file: {} {}%, recovery {}", s.state(), s.weightPercent(),
                s.recoveryPhase()));
        VerdictEngine engine = VerdictEngine.start(policy(built), settings(config),
                saved.map(s -> StateFile.recoveryAt(s, wall.instant())).orElse(RecoverySnapshot.HEALTHY),
                saved.map(StateFile.Saved::state).orElse(State.UP), ticker);
        return new AgentLoop(new CheckRunner(built.checks(), checkPool, ticker), new MarkerFiles(stateDir), engine,
                board::publish, stateFile, history, metrics, wall, stateDir.toString(),
                saved.map(s -> Verdict.label(s.state(), s.weightPercent())).orElse(null), built::statsOf);
    }

    private static Policy policy(CheckFactory.Built built) {
        return new Policy(built.policies(), CheckFactory.fallbackPolicy());
    }

    private static VerdictSettings settings(AgentConfig config) {
        return new VerdictSettings(config.rise(), config.fall(), config.hold(), config.recoveryWindow(),
                config.recoverySteps(), config.readyInterval());
    }

    private void schedule(java.time.Duration interval) {
        if (schedule != null) {
            schedule.cancel(false);
        }
        long period = interval.toMillis();
        schedule = scheduler.scheduleWithFixedDelay(() -> {
            try {
                loop.cycle();
                if (status != null) {
                    status.refresh();
                }
            } catch (RuntimeException e) {
                // A bug in one cycle must not stop the schedule: the last reply stays published.
                log.error("check cycle failed", e);
            }
        }, period, period, TimeUnit.MILLISECONDS);
    }

    /**
     * Reload, on the scheduler thread (never beside a cycle). The new checks are built first (a
     * failure keeps the old ones): every check whose settings are unchanged is kept as it runs,
     * with its state, and the engine carries its counts and timers over, so the reload alone does
     * not move the verdict; then one cycle runs at once. 9505 and /status stay open and keep their
     * connections; their addresses and limits change only at a restart.
     */
    private void apply(AgentConfig current, AgentConfig next) {
        CheckFactory.Built built = factory.rebuild(next, checks);
        VerdictEngine engine;
        try {
            engine = loop.engine().reloaded(policy(built), settings(next), built.kept());
        } catch (RuntimeException e) {
            factory.retire(built, checks);
            throw e;
        }
        loop.reconfigure(loop.runner().continuing(built.checks()), engine, built::statsOf);
        CheckFactory.Built old = checks;
        checks = built;
        factory.retire(old, built);
        Set<String> names = built.policies().keySet();
        metrics.retainChecks(names);
        List<String> afresh = names.stream().filter(n -> !built.kept().contains(n)).toList();
        log.info("reload: {} of {} checks kept with their state{}", built.kept().size(), names.size(),
                afresh.isEmpty() ? "" : "; new or changed, started afresh: " + String.join(", ", afresh));
        if (!current.listen().equals(next.listen()) || !current.status().equals(next.status())
                || !current.stateDir().equals(next.stateDir())) {
            log.warn("reload: listen, status and state-dir changes take effect at the next restart");
        }
        if (!current.interval().equals(next.interval())) {
            schedule(next.interval());
        }
        loop.cycle();
        if (status != null) {
            status.refresh();
        }
    }

    /** SIGHUP re-reads the config (see {@link ConfigReload}). */
    public void reloadOnSighup() {
        reload.onSighup(scheduler);
    }

    /** Re-reads the config now, on the scheduler thread, and waits for the outcome. */
    ConfigReload.Result reloadNow() throws Exception {
        return scheduler.submit(reload::reload).get();
    }

    public static AgentApp start(AgentConfig config, Supplier<AgentConfig> source) throws IOException {
        return new AgentApp(config, source);
    }

    /** An agent whose reload finds the same config again. */
    public static AgentApp start(AgentConfig config) throws IOException {
        return new AgentApp(config, () -> config);
    }

    public AgentCheckServer server() {
        return server;
    }

    public Optional<StatusServer> statusServer() {
        return Optional.ofNullable(status);
    }

    public AgentStatus status() {
        return loop.status();
    }

    public Path stateDir() {
        return stateDir;
    }

    static Listen listen(AgentConfig.ListenSpec spec) throws IOException {
        boolean inherited;
        switch (spec.socket()) {
            case "inherited":
                inherited = true;
                break;
            case "bind":
                inherited = false;
                break;
            default:
                inherited = System.inheritedChannel() instanceof ServerSocketChannel;
        }
        return inherited ? Listen.inherited() : new Listen.Bind(spec.address());
    }

    private static void registerSinkMetrics(AgentMetrics metrics, AgentCheckServer server) {
        metrics.counter("rxhealth_agentcheck_connections_accepted", "Connections accepted on the agent-check port",
                () -> server.stats().accepted());
        metrics.counter("rxhealth_agentcheck_connections_rejected",
                "Connections reset unanswered: every slot held one still waiting for the first verdict",
                () -> server.stats().rejected());
        metrics.counter("rxhealth_agentcheck_connections_denied",
                "Connections reset unread: source not on listen.allow", () -> server.stats().denied());
        metrics.counter("rxhealth_agentcheck_connections_shed",
                "Connections reset unread: their source had listen.max-per-source open",
                () -> server.stats().shed());
        metrics.counter("rxhealth_agentcheck_connections_evicted",
                "Answered connections closed early to make room for a new one", () -> server.stats().evicted());
        metrics.counter("rxhealth_agentcheck_replies", "Replies written", () -> server.stats().replied());
        metrics.counter("rxhealth_agentcheck_timeouts", "Connections cut at the connection timeout",
                () -> server.stats().timedOut());
        metrics.counter("rxhealth_agentcheck_errors", "Connections that ended in an error",
                () -> server.stats().errors());
        metrics.gauge("rxhealth_agentcheck_connections_active", "Connections open now",
                cb -> cb.call(server.stats().active()));
    }

    private static void registerHttpMetrics(AgentMetrics metrics, Supplier<Map<String, HttpEndpointCheck>> current) {
        // A summary, as promtool wants a quantile label to be: quantiles over the sliding window the
        // thresholds judge (nearest rank), count and sum over every probe since start.
        metrics.summary("rxhealth_http_latency_seconds",
                "Latency of the endpoint: quantiles over its sliding window (nearest rank), count and sum since start",
                cb -> current.get().forEach((name, check) -> {
                    EndpointStats s = check.stats();
                    LatencyTotals t = check.latencyTotals();
                    cb.call(t.count(), t.sumNanos() / 1e9, Quantiles.of(new Quantile(0.5, seconds(s.p50())),
                            new Quantile(0.95, seconds(s.p95())), new Quantile(0.99, seconds(s.p99()))), name);
                }), "check");
        metrics.gauge("rxhealth_http_error_ratio", "Failed probes / probes over the sliding window",
                cb -> current.get().forEach((name, check) -> cb.call(check.stats().errorRatio(), name)), "check");
    }

    private static double seconds(Optional<java.time.Duration> d) {
        return d.map(x -> x.toNanos() / 1e9).orElse(Double.NaN);
    }

    private static ThreadFactory daemon(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    @Override
    public void close() {
        for (AutoCloseable c : closeables) {
            try {
                c.close();
            } catch (Exception e) {
                log.warn("error while stopping: {}", e.toString());
            }
        }
    }

}
