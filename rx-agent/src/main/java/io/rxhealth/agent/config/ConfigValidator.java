package io.rxhealth.agent.config;

import static io.rxhealth.agent.config.ConfigValues.absolute;
import static io.rxhealth.agent.config.ConfigValues.atLeastOne;
import static io.rxhealth.agent.config.ConfigValues.or;
import static io.rxhealth.agent.config.ConfigValues.ordered;
import static io.rxhealth.agent.config.ConfigValues.policy;
import static io.rxhealth.agent.config.ConfigValues.positive;
import static io.rxhealth.agent.config.ConfigValues.socketAddress;

import io.rxhealth.agent.config.RawConfig.RawChecks;
import io.rxhealth.agent.config.RawConfig.RawMount;
import io.rxhealth.agent.config.RawConfig.RawThreshold;
import io.rxhealth.haproxy.SourceAllowList;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Turns the bound schema into an {@link AgentConfig}, applying defaults and checking every value. */
final class ConfigValidator {
    /** The checks of a config that names none: the embedded default's host checks. */
    private final java.util.function.Supplier<RawChecks> defaultChecks;
    private Duration defaultTimeout;
    private AppChecksValidator apps;

    ConfigValidator(java.util.function.Supplier<RawChecks> defaultChecks) {
        this.defaultChecks = defaultChecks;
    }

    AgentConfig validate(RawConfig raw) {
        Duration interval = positive("interval", or(raw.interval(), "2s"));
        defaultTimeout = positive("check-timeout", or(raw.checkTimeout(), "1s"));
        apps = new AppChecksValidator(defaultTimeout);
        int rise = atLeastOne("rise", raw.rise() == null ? 2 : raw.rise());
        int fall = atLeastOne("fall", raw.fall() == null ? 2 : raw.fall());
        Duration hold = Units.duration("hold", or(raw.hold(), "30s"));
        Duration window = Units.duration("recovery.window",
                raw.recovery() == null ? "60s" : or(raw.recovery().window(), "60s"));
        List<Integer> steps = raw.recovery() == null || raw.recovery().steps() == null
                ? List.of(25, 50, 75) : raw.recovery().steps();
        for (int i = 0; i < steps.size(); i++) {
            Integer s = steps.get(i);
            if (s == null || s < 1 || s > 100) {
                throw new ConfigException("recovery.steps[" + i + "]", s, "a percentage 1..100");
            }
        }
        if (!window.isZero() && steps.isEmpty()) {
            throw new ConfigException("recovery.steps", "[]", "at least one cap when the window is not 0s");
        }
        Duration ready = Units.duration("ready-interval", or(raw.readyInterval(), "10s"));
        // Every key is optional (docs/operations.md), checks: too: without it the agent checks
        // the host as the embedded default does.
        List<CheckSpec> checks = checks(raw.checks() == null ? defaultChecks.get() : raw.checks());
        if (checks.isEmpty()) {
            // An agent with nothing to check would say 100% forever: never what an operator means.
            throw new ConfigException("checks", "{}", "at least one check, or no checks: for the host checks");
        }
        Set<String> names = new HashSet<>();
        for (CheckSpec c : checks) {
            if (!names.add(c.name())) {
                throw new ConfigException("checks", c.name(), "unique check names (this one appears twice)");
            }
        }
        return new AgentConfig(listen(raw.listen()), status(raw.status()),
                Optional.ofNullable(raw.stateDir()).map(d -> absolute("state-dir", d)),
                interval, rise, fall, hold, window, List.copyOf(steps), ready, List.copyOf(checks));
    }

    private AgentConfig.ListenSpec listen(RawConfig.RawListen l) {
        String address = l == null || l.address() == null ? "0.0.0.0" : l.address();
        int port = l == null || l.port() == null ? 9505 : l.port();
        String socket = l == null || l.socket() == null ? "auto" : l.socket();
        if (!Set.of("auto", "bind", "inherited").contains(socket)) {
            throw new ConfigException("listen.socket", socket, "auto, bind or inherited");
        }
        int max = l == null || l.maxConnections() == null ? 256 : l.maxConnections();
        if (max < 1) {
            throw new ConfigException("listen.max-connections", max, ">= 1");
        }
        Duration timeout = positive("listen.connection-timeout",
                l == null || l.connectionTimeout() == null ? "2s" : l.connectionTimeout());
        int perSource = l == null || l.maxPerSource() == null ? 32 : l.maxPerSource();
        if (perSource < 1) {
            throw new ConfigException("listen.max-per-source", perSource, ">= 1");
        }
        return new AgentConfig.ListenSpec(socketAddress("listen", address, port, true), socket, max, timeout,
                perSource, allow(l == null ? null : l.allow()));
    }

    private static SourceAllowList allow(List<String> entries) {
        if (entries == null) {
            return SourceAllowList.ANY;
        }
        if (entries.isEmpty()) {
            // An empty list would read as "nobody" to some and "anybody" to others: say which.
            throw new ConfigException("listen.allow", "[]", "at least one address, or no listen.allow for any");
        }
        try {
            return SourceAllowList.parse(entries);
        } catch (IllegalArgumentException e) {
            // The message starts with the entry's index: "[1]: '10.0.0.0/33' (expected: ...)".
            throw new ConfigException("listen.allow" + e.getMessage());
        }
    }

    private Optional<InetSocketAddress> status(RawConfig.RawStatus s) {
        if (s != null && Boolean.FALSE.equals(s.enabled())) {
            return Optional.empty();
        }
        String address = s == null || s.address() == null ? "127.0.0.1" : s.address();
        int port = s == null || s.port() == null ? 9506 : s.port();
        return Optional.of(socketAddress("status", address, port, true));
    }

    private List<CheckSpec> checks(RawChecks c) {
        List<CheckSpec> out = new ArrayList<>();
        if (c == null) {
            return out;
        }
        host(out, "cpu", CheckSpec.HostKind.CPU, c.cpu(), Units::percent, "80%", "95%");
        host(out, "load", CheckSpec.HostKind.LOAD, c.load(), Units::number, "1.5", "3.0");
        host(out, "memory", CheckSpec.HostKind.MEMORY, c.memory(), Units::percent, "85%", "95%");
        host(out, "swap", CheckSpec.HostKind.SWAP, c.swap(), Units::percent, "20%", "50%");
        mounts(out, "disk", false, c.disk());
        mounts(out, "inode", true, c.inode());
        if (c.http() != null) {
            for (int i = 0; i < c.http().size(); i++) {
                out.add(apps.http("checks.http[" + i + "]", c.http().get(i)));
            }
        }
        apps.docker(out, c.docker());
        DependencyChecksValidator deps = new DependencyChecksValidator(defaultTimeout);
        if (c.postgres() != null) {
            for (int i = 0; i < c.postgres().size(); i++) {
                out.add(deps.postgres("checks.postgres[" + i + "]", c.postgres().get(i), apps));
            }
        }
        deps.rabbitmq(out, c.rabbitmq(), apps);
        return out;
    }

    private interface Parser {
        double parse(String key, String text);
    }

    private void host(List<CheckSpec> out, String name, CheckSpec.HostKind kind, RawThreshold t, Parser parser,
                      String warn, String crit) {
        if (t == null || Boolean.FALSE.equals(t.enabled())) {
            return;
        }
        String key = "checks." + name;
        double w = parser.parse(key + ".warn", or(t.warn(), warn));
        double c = parser.parse(key + ".crit", or(t.crit(), crit));
        ordered(key, t.warn(), w, c);
        // A burst of traffic must not take a node out: crit counts once it has held this long.
        Duration critFor = Units.duration(key + ".crit-for", or(t.critFor(), "30s"));
        out.add(new CheckSpec.Host(kind, name, w, c, policy(key, t.onWarn(), t.onCrit(), t.onUnknown(), "50%", "down"),
                timeout(key, t.timeout()), critFor));
    }

    private void mounts(List<CheckSpec> out, String kind, boolean inodes, List<RawMount> mounts) {
        if (mounts == null) {
            return;
        }
        for (int i = 0; i < mounts.size(); i++) {
            RawMount m = mounts.get(i);
            String key = "checks." + kind + "[" + i + "]";
            if (m == null || m.path() == null) {
                throw new ConfigException(key + ".path", null, "an absolute path such as /var");
            }
            Path path = absolute(key + ".path", m.path());
            double w = Units.percent(key + ".warn", or(m.warn(), "85%"));
            double c = Units.percent(key + ".crit", or(m.crit(), "95%"));
            ordered(key, m.warn(), w, c);
            out.add(new CheckSpec.Mount(inodes, path, kind + ":" + path, w, c,
                    policy(key, m.onWarn(), m.onCrit(), m.onUnknown(), "50%", "down"), timeout(key, m.timeout())));
        }
    }

    private Duration timeout(String key, String text) {
        return text == null ? defaultTimeout : positive(key + ".timeout", text);
    }
}
