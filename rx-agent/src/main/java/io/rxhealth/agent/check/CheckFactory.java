package io.rxhealth.agent.check;

import static java.util.Objects.requireNonNull;

import io.rxhealth.agent.config.AgentConfig;
import io.rxhealth.agent.config.CheckSpec;
import io.rxhealth.checks.docker.DockerCheckConfig;
import io.rxhealth.checks.docker.DockerChecks;
import io.rxhealth.checks.failure.FailureWords;
import io.rxhealth.checks.host.HostChecks;
import io.rxhealth.checks.host.SustainedCrit;
import io.rxhealth.checks.host.Thresholds;
import io.rxhealth.checks.http.EndpointSpec;
import io.rxhealth.checks.http.HttpClients;
import io.rxhealth.checks.http.HttpEndpointCheck;
import io.rxhealth.checks.http.Tls;
import io.rxhealth.checks.http.WindowThresholds;
import io.rxhealth.checks.postgres.PostgresChecks;
import io.rxhealth.checks.postgres.PostgresSpec;
import io.rxhealth.checks.rabbitmq.QueueSpec;
import io.rxhealth.checks.rabbitmq.RabbitChecks;
import io.rxhealth.checks.rabbitmq.RabbitSpec;
import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.CheckPolicy;
import io.rxhealth.weighting.Reaction;
import io.rxhealth.weighting.Ticker;
import java.io.Closeable;
import java.io.IOException;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the configured checks and the policy that weighs them, and builds them again on a
 * reload, keeping every check whose {@linkplain CheckSpec#unweighed() unweighed spec} is unchanged:
 * the same instance, with what it has gathered (an HTTP or database window, a crit-for timer, a
 * container's restarts, a broker's link and backlog). Checks that share a client are built and kept
 * as one group: the Docker daemon and its containers (one Engine API client), a RabbitMQ broker
 * and its queues (one link); a change to any of them builds the whole group afresh.
 *
 * <p>Owns what the checks share, for as long as it lives: one OSHI SystemInfo, one HTTP client set
 * and its deadline thread, the PostgreSQL checks' deadline thread; and each group's client, closed
 * by {@link #retire} once no check of the config in force uses it. The JDBC driver and the AMQP
 * client load only when the config names a PostgreSQL or RabbitMQ check: their classes are reached
 * from here alone, on first use. Called from one thread at a time.
 */
public final class CheckFactory implements Closeable {
    private static final Logger log = LoggerFactory.getLogger(CheckFactory.class);

    /**
     * The checks of one config in config order, the policy, the HTTP checks (their windows feed
     * status and metrics), the names of the checks kept from the config before (none at start),
     * and the groups they were built in.
     */
    public record Built(List<CheckRunner.Timed> checks, Map<String, CheckPolicy> policies,
                 Map<String, HttpEndpointCheck> http, Set<String> kept, List<Group> groups) {
        /** Nothing built yet: what a start builds from. */
        public static final Built NONE = new Built(List.of(), Map.of(), Map.of(), Set.of(), List.of());

        /** Extra statistics of a check for {@code /status}, or null when it has none. */
        public Object statsOf(String check) {
            HttpEndpointCheck c = http.get(check);
            return c == null ? null : c.stats();
        }
    }

    /**
     * Checks built together: {@code id} names the group ({@code docker}, {@code rabbitmq:BROKER},
     * {@code check:NAME}), {@code settings} are the unweighed specs it was built from, {@code client}
     * what its checks share ({@link #NO_CLIENT} when they share none the factory does not own).
     */
    public record Group(String id, Object settings, Map<String, Check> checks, Closeable client) {
    }

    private static final Closeable NO_CLIENT = () -> { };

    /** How far the runner's deadline lies above a database or broker probe's own deadline. */
    static final java.time.Duration PROBE_GRACE = java.time.Duration.ofMillis(500);

    private final Ticker ticker;
    private final InstantSource wall;
    /** Groups built and not yet retired, by identity. */
    private final Set<Group> live = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    private HostChecks host;
    private HttpClients http;
    // Typed Object where it is held, so that loading this class loads nothing of the driver's.
    private Object postgres;

    public CheckFactory(Ticker ticker, InstantSource wall) {
        this.ticker = requireNonNull(ticker, "ticker");
        this.wall = requireNonNull(wall, "wall");
    }

    /** The checks of {@code config}, all new. */
    public Built build(AgentConfig config) {
        return rebuild(config, Built.NONE);
    }

    /**
     * The checks of {@code config}, taking from {@code previous} every group whose unweighed specs
     * are unchanged. On failure the groups built here are closed and {@code previous} is intact;
     * on success, {@link #retire} the one that is no longer used.
     */
    public Built rebuild(AgentConfig config, Built previous) {
        // Groups are found by their id, a string: the specs, records, are compared only with a
        // group of the same id from before (a reload). Hashing or comparing records at start
        // would bootstrap their generated equals and hashCode: ~90 method-handle classes, 0.3 MiB
        // of the agent's memory for nothing (PERFORMANCE.md).
        Map<String, Group> before = new HashMap<>();
        previous.groups().forEach(g -> before.put(g.id(), g));
        Map<String, Group> groups = new LinkedHashMap<>();
        List<Group> created = new ArrayList<>();
        List<CheckRunner.Timed> checks = new ArrayList<>();
        Map<String, CheckPolicy> policies = new LinkedHashMap<>();
        Map<String, HttpEndpointCheck> httpChecks = new LinkedHashMap<>();
        Set<String> kept = new HashSet<>();
        try {
            for (CheckSpec spec : config.checks()) {
                String id = groupId(config, spec);
                Group group = groups.get(id);
                if (group == null) {
                    Object settings = settings(config, spec);
                    Group old = before.get(id);
                    if (old != null && old.settings().equals(settings)) {
                        group = old;
                        kept.addAll(group.checks().keySet());
                    } else {
                        group = create(id, settings, config, spec);
                        created.add(group);
                        live.add(group);
                    }
                    groups.put(id, group);
                }
                Check check = group.checks().get(spec.name());
                if (check == null || !check.name().equals(spec.name())) {
                    throw new IllegalStateException("check " + (check == null ? "none" : check.name())
                            + " built for spec " + spec.name());
                }
                if (check instanceof HttpEndpointCheck endpoint) {
                    httpChecks.put(spec.name(), endpoint);
                }
                checks.add(new CheckRunner.Timed(check, runnerTimeout(spec)));
                policies.put(spec.name(), spec.policy());
            }
        } catch (RuntimeException e) {
            created.forEach(this::close);
            throw e;
        }
        return new Built(checks, policies, httpChecks, Set.copyOf(kept), List.copyOf(groups.values()));
    }

    /** Closes the clients of the groups of {@code old} that {@code current} does not use. */
    public void retire(Built old, Built current) {
        Set<Group> used = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        used.addAll(current.groups());
        for (Group g : old.groups()) {
            if (!used.contains(g)) {
                close(g);
            }
        }
    }

    /** Which checks are built together: the Docker ones as one group, a broker with its queues, else each alone. */
    private static String groupId(AgentConfig config, CheckSpec spec) {
        if (spec instanceof CheckSpec.DockerDaemon || spec instanceof CheckSpec.Container) {
            return "docker";
        }
        if (spec instanceof CheckSpec.Rabbitmq || spec instanceof CheckSpec.RabbitQueue) {
            return "rabbitmq:" + (spec instanceof CheckSpec.Rabbitmq ? spec.name() : brokerOf(config, spec.name()).name());
        }
        return "check:" + spec.name();
    }

    /** What a group is built from: the unweighed specs of its checks. */
    private static Object settings(AgentConfig config, CheckSpec spec) {
        if (spec instanceof CheckSpec.DockerDaemon || spec instanceof CheckSpec.Container) {
            return config.checks().stream()
                    .filter(s -> s instanceof CheckSpec.DockerDaemon || s instanceof CheckSpec.Container)
                    .map(CheckSpec::unweighed).toList();
        }
        if (spec instanceof CheckSpec.RabbitQueue) {
            return brokerOf(config, spec.name()).unweighed();
        }
        return spec.unweighed();
    }

    private static CheckSpec.Rabbitmq brokerOf(AgentConfig config, String queueCheck) {
        for (CheckSpec s : config.checks()) {
            if (s instanceof CheckSpec.Rabbitmq r && r.queues().stream().anyMatch(q -> q.name().equals(queueCheck))) {
                return r;
            }
        }
        throw new IllegalStateException("queue check " + queueCheck + " has no broker in the config");
    }

    private Group create(String id, Object settings, AgentConfig config, CheckSpec spec) {
        if (spec instanceof CheckSpec.Host h) {
            Check check = h.critFor().isZero() ? host(host(), h) : new SustainedCrit(host(host(), h), h.critFor(), ticker);
            return alone(id, settings, check);
        } else if (spec instanceof CheckSpec.Mount m) {
            Thresholds t = new Thresholds(m.warn(), m.crit());
            return alone(id, settings, m.inodes() ? host().inode(m.path(), t) : host().disk(m.path(), t));
        } else if (spec instanceof CheckSpec.Http h) {
            return alone(id, settings, http(h, httpClients(), ticker, wall));
        } else if (spec instanceof CheckSpec.DockerDaemon || spec instanceof CheckSpec.Container) {
            DockerChecks docker = docker(config, ticker);
            return new Group(id, settings, byName(docker.all()), docker);
        } else if (spec instanceof CheckSpec.Postgres p) {
            return alone(id, settings, postgres(postgresChecks(), p, wall));
        } else if (spec instanceof CheckSpec.Rabbitmq r) {
            return rabbit(id, settings, r);
        } else if (spec instanceof CheckSpec.RabbitQueue q) {
            return rabbit(id, settings, brokerOf(config, q.name()));
        }
        throw new IllegalStateException("unhandled check spec: " + spec);
    }

    private static Group alone(String id, Object settings, Check check) {
        return new Group(id, settings, Map.of(check.name(), check), NO_CLIENT);
    }

    private static java.time.Duration runnerTimeout(CheckSpec spec) {
        if (spec instanceof CheckSpec.Postgres p) {
            return p.timeout().plus(PROBE_GRACE);
        } else if (spec instanceof CheckSpec.Rabbitmq r) {
            // A reconnect, then a round trip, each within the probe's timeout.
            return r.timeout().multipliedBy(2).plus(PROBE_GRACE);
        } else if (spec instanceof CheckSpec.RabbitQueue q) {
            return q.timeout().plus(PROBE_GRACE);
        }
        return spec.timeout();
    }

    private HostChecks host() {
        host = host == null ? HostChecks.create() : host;
        return host;
    }

    private HttpClients httpClients() {
        http = http == null ? new HttpClients() : http;
        return http;
    }

    private Object postgresChecks() {
        postgres = postgres == null ? new PostgresChecks(ticker) : postgres;
        return postgres;
    }

    /** Reactions of a check the config does not name (none in practice: every check is configured). */
    public static CheckPolicy fallbackPolicy() {
        return CheckPolicy.of(Reaction.weight(50), Reaction.down());
    }

    private static Check host(HostChecks host, CheckSpec.Host h) {
        Thresholds t = new Thresholds(h.warn(), h.crit());
        switch (h.kind()) {
            case CPU:
                return host.cpu(t);
            case LOAD:
                return host.load(t);
            case MEMORY:
                return host.memory(t);
            default:
                return host.swap(t);
        }
    }

    private static HttpEndpointCheck http(CheckSpec.Http h, HttpClients clients, Ticker ticker, InstantSource wall) {
        if (h.host().isPresent()) {
            HttpClients.allowHostHeader();
        }
        Tls tls = h.insecure() ? new Tls.Insecure()
                : h.caFile().<Tls>map(Tls.CaFile::new).orElse(new Tls.SystemTrust());
        EndpointSpec spec = new EndpointSpec(h.name(), h.url(), h.expect(), h.body(), h.timeout(), h.host(), tls);
        return new HttpEndpointCheck(spec, thresholds(h.window()), clients, ticker, wall);
    }

    private static WindowThresholds thresholds(CheckSpec.HttpWindow w) {
        return new WindowThresholds(w.size(), w.minSamples(), w.p95Warn(), w.p95Crit(),
                w.p99Warn(), w.p99Crit(), optional(w.errorRateWarn()), optional(w.errorRateCrit()));
    }

    private static Check postgres(Object checks, CheckSpec.Postgres p, InstantSource wall) {
        PostgresSpec spec = new PostgresSpec(p.name(), p.url(), p.user(), p.password().value(), p.query(),
                p.timeout(), p.applicationName(), thresholds(p.window()));
        return ((PostgresChecks) checks).create(spec, wall);
    }

    private Group rabbit(String id, Object settings, CheckSpec.Rabbitmq r) {
        List<QueueSpec> queues = new ArrayList<>();
        for (CheckSpec.RabbitQueue q : r.queues()) {
            queues.add(new QueueSpec(q.name(), q.queue(),
                    q.maxReady().isPresent() ? java.util.OptionalLong.of(q.maxReady().get()) : java.util.OptionalLong.empty(),
                    q.risingCycles().isPresent() ? java.util.OptionalInt.of(q.risingCycles().get())
                            : java.util.OptionalInt.empty()));
        }
        RabbitChecks checks = new RabbitChecks(ticker);
        try {
            return new Group(id, settings, byName(checks.create(new RabbitSpec(r.name(), r.host(), r.port(), r.virtualHost(),
                    r.tls(), r.user(), r.password().value(), r.timeout(), r.heartbeat(), thresholds(r.window()),
                    queues, r.management()))), checks);
        } catch (RuntimeException e) {
            checks.close();
            throw e;
        }
    }

    private static DockerChecks docker(AgentConfig config, Ticker ticker) {
        String host = null;
        List<String> containers = new ArrayList<>();
        int limit = DockerCheckConfig.DEFAULT_MAX_RESTARTS;
        java.time.Duration window = DockerCheckConfig.DEFAULT_RESTART_WINDOW;
        java.time.Duration timeout = DockerCheckConfig.DEFAULT_RESPONSE_TIMEOUT;
        for (CheckSpec spec : config.checks()) {
            if (spec instanceof CheckSpec.DockerDaemon d) {
                host = d.host();
                timeout = d.timeout();
            } else if (spec instanceof CheckSpec.Container c) {
                containers.add(c.container());
                limit = c.restartLimit();
                window = c.restartWindow();
            }
        }
        return DockerChecks.create(new DockerCheckConfig(host, timeout, timeout, containers, limit, window), ticker);
    }

    private static Map<String, Check> byName(List<Check> checks) {
        Map<String, Check> byName = new HashMap<>();
        for (Check c : checks) {
            byName.put(c.name(), c);
        }
        return byName;
    }

    private void close(Group group) {
        live.remove(group);
        try {
            group.client().close();
        } catch (IOException | RuntimeException e) {
            // A client that fails to close costs its resources, not the agent: say so and go on.
            log.warn("closing the client of {}: {}", group.checks().keySet(), FailureWords.of(e));
        }
    }

    private static OptionalDouble optional(java.util.Optional<Double> d) {
        return d.isPresent() ? OptionalDouble.of(d.get()) : OptionalDouble.empty();
    }

    /** Closes every group's client and what all checks share. */
    @Override
    public void close() {
        List.copyOf(live).forEach(this::close);
        if (postgres != null) {
            ((PostgresChecks) postgres).close();
        }
    }
}
