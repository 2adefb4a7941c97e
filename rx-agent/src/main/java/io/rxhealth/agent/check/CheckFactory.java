package io.rxhealth.agent.check;

import io.rxhealth.agent.config.AgentConfig;
import io.rxhealth.agent.config.CheckSpec;
import io.rxhealth.checks.docker.DockerCheckConfig;
import io.rxhealth.checks.docker.DockerChecks;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Builds the configured checks and the policy that weighs them. Holds what the checks share (one
 * OSHI SystemInfo, one HTTP client set, one Docker client, the PostgreSQL checks' deadline thread,
 * the RabbitMQ link) and closes it. The JDBC driver and the AMQP client load only when the config
 * names a PostgreSQL or RabbitMQ check: their classes are reached from here alone, on first use.
 */
public final class CheckFactory implements Closeable {
    /** The checks in config order, the policy, and the HTTP checks (their windows feed status and metrics). */
    public record Built(List<CheckRunner.Timed> checks, Map<String, CheckPolicy> policies,
                 Map<String, HttpEndpointCheck> http) {
        /** Extra statistics of a check for {@code /status}, or null when it has none. */
        public Object statsOf(String check) {
            HttpEndpointCheck c = http.get(check);
            return c == null ? null : c.stats();
        }
    }

    /** How far the runner's deadline lies above a database or broker probe's own deadline. */
    static final java.time.Duration PROBE_GRACE = java.time.Duration.ofMillis(500);

    private final List<Closeable> resources = new ArrayList<>();

    public Built build(AgentConfig config, Ticker ticker, InstantSource wall) {
        List<CheckRunner.Timed> checks = new ArrayList<>();
        Map<String, CheckPolicy> policies = new LinkedHashMap<>();
        Map<String, HttpEndpointCheck> httpChecks = new LinkedHashMap<>();
        HostChecks host = null;
        HttpClients http = null;
        Map<String, Check> docker = null;
        Object postgres = null;
        Map<String, Check> rabbit = new HashMap<>();
        for (CheckSpec spec : config.checks()) {
            Check check;
            java.time.Duration runnerTimeout = spec.timeout();
            if (spec instanceof CheckSpec.Host h) {
                host = host == null ? HostChecks.create() : host;
                check = h.critFor().isZero() ? host(host, h) : new SustainedCrit(host(host, h), h.critFor(), ticker);
            } else if (spec instanceof CheckSpec.Mount m) {
                host = host == null ? HostChecks.create() : host;
                Thresholds t = new Thresholds(m.warn(), m.crit());
                check = m.inodes() ? host.inode(m.path(), t) : host.disk(m.path(), t);
            } else if (spec instanceof CheckSpec.Http h) {
                http = http == null ? new HttpClients() : http;
                HttpEndpointCheck endpoint = http(h, http, ticker, wall);
                httpChecks.put(h.name(), endpoint);
                check = endpoint;
            } else if (spec instanceof CheckSpec.DockerDaemon || spec instanceof CheckSpec.Container) {
                docker = docker == null ? docker(config, ticker) : docker;
                check = docker.get(spec.name());
            } else if (spec instanceof CheckSpec.Postgres p) {
                postgres = postgres == null ? postgresChecks(ticker) : postgres;
                check = postgres(postgres, p, wall);
                runnerTimeout = p.timeout().plus(PROBE_GRACE);
            } else if (spec instanceof CheckSpec.Rabbitmq r) {
                rabbit.putAll(rabbit(r, ticker));
                check = rabbit.get(r.name());
                // A reconnect, then a round trip, each within the probe's timeout.
                runnerTimeout = r.timeout().multipliedBy(2).plus(PROBE_GRACE);
            } else if (spec instanceof CheckSpec.RabbitQueue q) {
                check = rabbit.get(q.name());
                runnerTimeout = q.timeout().plus(PROBE_GRACE);
            } else {
                throw new IllegalStateException("unhandled check spec: " + spec);
            }
            if (!check.name().equals(spec.name())) {
                throw new IllegalStateException("check " + check.name() + " built for spec " + spec.name());
            }
            checks.add(new CheckRunner.Timed(check, runnerTimeout));
            policies.put(spec.name(), spec.policy());
        }
        return new Built(checks, policies, httpChecks);
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

    // Typed Object where it is held, so that loading this class loads nothing of the driver's.
    private Object postgresChecks(Ticker ticker) {
        PostgresChecks checks = new PostgresChecks(ticker);
        resources.add(checks);
        return checks;
    }

    private static Check postgres(Object checks, CheckSpec.Postgres p, InstantSource wall) {
        PostgresSpec spec = new PostgresSpec(p.name(), p.url(), p.user(), p.password().value(), p.query(),
                p.timeout(), p.applicationName(), thresholds(p.window()));
        return ((PostgresChecks) checks).create(spec, wall);
    }

    private Map<String, Check> rabbit(CheckSpec.Rabbitmq r, Ticker ticker) {
        List<QueueSpec> queues = new ArrayList<>();
        for (CheckSpec.RabbitQueue q : r.queues()) {
            queues.add(new QueueSpec(q.name(), q.queue(),
                    q.maxReady().isPresent() ? java.util.OptionalLong.of(q.maxReady().get()) : java.util.OptionalLong.empty(),
                    q.risingCycles().isPresent() ? java.util.OptionalInt.of(q.risingCycles().get())
                            : java.util.OptionalInt.empty()));
        }
        RabbitChecks checks = new RabbitChecks(ticker);
        resources.add(checks);
        Map<String, Check> byName = new HashMap<>();
        for (Check c : checks.create(new RabbitSpec(r.name(), r.host(), r.port(), r.virtualHost(), r.tls(), r.user(),
                r.password().value(), r.timeout(), r.heartbeat(), thresholds(r.window()), queues))) {
            byName.put(c.name(), c);
        }
        return byName;
    }

    private Map<String, Check> docker(AgentConfig config, Ticker ticker) {
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
        DockerChecks checks = DockerChecks.create(new DockerCheckConfig(host, timeout, timeout, containers, limit,
                window), ticker);
        resources.add(checks);
        Map<String, Check> byName = new HashMap<>();
        for (Check c : checks.all()) {
            byName.put(c.name(), c);
        }
        return byName;
    }

    private static OptionalDouble optional(java.util.Optional<Double> d) {
        return d.isPresent() ? OptionalDouble.of(d.get()) : OptionalDouble.empty();
    }

    @Override
    public void close() throws IOException {
        for (Closeable c : resources) {
            c.close();
        }
    }
}
