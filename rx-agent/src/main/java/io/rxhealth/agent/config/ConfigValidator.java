package io.rxhealth.agent.config;

import io.rxhealth.agent.config.RawConfig.RawChecks;
import io.rxhealth.agent.config.RawConfig.RawContainer;
import io.rxhealth.agent.config.RawConfig.RawDocker;
import io.rxhealth.agent.config.RawConfig.RawHttp;
import io.rxhealth.agent.config.RawConfig.RawMount;
import io.rxhealth.agent.config.RawConfig.RawThreshold;
import io.rxhealth.agent.config.RawConfig.RawWindow;
import io.rxhealth.weighting.CheckPolicy;
import io.rxhealth.weighting.Reaction;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/** Turns the bound schema into an {@link AgentConfig}, applying defaults and checking every value. */
final class ConfigValidator {
    private Duration defaultTimeout;

    AgentConfig validate(RawConfig raw) {
        Duration interval = positive("interval", or(raw.interval(), "2s"));
        defaultTimeout = positive("check-timeout", or(raw.checkTimeout(), "1s"));
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
        List<CheckSpec> checks = checks(raw.checks());
        if (checks.isEmpty()) {
            // An agent with nothing to check would say 100% forever: never what an operator means.
            throw new ConfigException("checks", raw.checks() == null ? null : "{}", "at least one check");
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
        return new AgentConfig.ListenSpec(socketAddress("listen", address, port, true), socket, max, timeout);
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
                out.add(http("checks.http[" + i + "]", c.http().get(i)));
            }
        }
        docker(out, c.docker());
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
        out.add(new CheckSpec.Host(kind, name, w, c, policy(key, t.onWarn(), t.onCrit(), t.onUnknown(), "50%", "down"),
                timeout(key, t.timeout())));
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

    private CheckSpec.Http http(String key, RawHttp h) {
        if (h == null || h.name() == null || h.name().isBlank()) {
            throw new ConfigException(key + ".name", h == null ? null : h.name(), "a check name such as storage");
        }
        URI url;
        try {
            url = new URI(or(h.url(), ""));
        } catch (URISyntaxException e) {
            throw new ConfigException(key + ".url", h.url(), "an http:// or https:// URL");
        }
        if (!("http".equals(url.getScheme()) || "https".equals(url.getScheme())) || url.getHost() == null) {
            throw new ConfigException(key + ".url", h.url(), "an http:// or https:// URL");
        }
        Set<Integer> expect = new LinkedHashSet<>(h.expect() == null ? List.of(200) : h.expect());
        for (Integer code : expect) {
            if (code == null || code < 100 || code > 599) {
                throw new ConfigException(key + ".expect", code, "HTTP status codes 100..599");
            }
        }
        if (expect.isEmpty()) {
            throw new ConfigException(key + ".expect", "[]", "at least one status code");
        }
        if (h.caFile() != null && Boolean.TRUE.equals(h.insecure())) {
            throw new ConfigException(key + ".insecure", true, "either ca-file or insecure, not both");
        }
        return new CheckSpec.Http(h.name(), url, Set.copyOf(expect), Optional.ofNullable(h.body()),
                Optional.ofNullable(h.host()), Optional.ofNullable(h.caFile()).map(f -> absolute(key + ".ca-file", f)),
                Boolean.TRUE.equals(h.insecure()), window(key + ".window", h.window()),
                policy(key, h.onWarn(), h.onCrit(), h.onUnknown(), "down", "down"), timeout(key, h.timeout()));
    }

    private CheckSpec.HttpWindow window(String key, RawWindow w) {
        if (w == null) {
            return new CheckSpec.HttpWindow(20, 5, Optional.empty(), Optional.empty(), Optional.empty(),
                    Optional.empty(), Optional.empty(), Optional.empty());
        }
        int size = w.size() == null ? 20 : w.size();
        int min = w.minSamples() == null ? Math.min(5, size) : w.minSamples();
        if (size < 1 || size > 10_000) {
            throw new ConfigException(key + ".size", size, "1..10000 probes");
        }
        if (min < 1 || min > size) {
            throw new ConfigException(key + ".min-samples", min, "1.." + size);
        }
        Function<String, Function<String, Optional<Duration>>> d = k -> v -> Optional.ofNullable(v)
                .map(x -> positive(key + "." + k, x));
        Function<String, Function<String, Optional<Double>>> p = k -> v -> Optional.ofNullable(v)
                .map(x -> Units.percent(key + "." + k, x));
        return new CheckSpec.HttpWindow(size, min, d.apply("p95-warn").apply(w.p95Warn()),
                d.apply("p95-crit").apply(w.p95Crit()), d.apply("p99-warn").apply(w.p99Warn()),
                d.apply("p99-crit").apply(w.p99Crit()), p.apply("error-rate-warn").apply(w.errorRateWarn()),
                p.apply("error-rate-crit").apply(w.errorRateCrit()));
    }

    private void docker(List<CheckSpec> out, RawDocker d) {
        if (d == null) {
            return;
        }
        String host = or(d.host(), "unix:///var/run/docker.sock");
        if (!(host.startsWith("unix://") || host.startsWith("tcp://"))) {
            throw new ConfigException("checks.docker.host", host, "unix:///path or tcp://host:port");
        }
        Duration timeout = timeout("checks.docker", d.timeout());
        out.add(new CheckSpec.DockerDaemon("docker", host,
                policy("checks.docker", d.onWarn(), d.onCrit(), d.onUnknown(), "50%", "down"), timeout));
        int limit = d.restartLimit() == null ? 3 : d.restartLimit();
        if (limit < 1) {
            throw new ConfigException("checks.docker.restart-limit", limit, ">= 1");
        }
        Duration restartWindow = positive("checks.docker.restart-window", or(d.restartWindow(), "10m"));
        if (d.containers() == null) {
            return;
        }
        for (int i = 0; i < d.containers().size(); i++) {
            RawContainer c = d.containers().get(i);
            String key = "checks.docker.containers[" + i + "]";
            if (c == null || c.name() == null || !c.name().matches("[A-Za-z0-9][A-Za-z0-9_.-]*")) {
                throw new ConfigException(key + ".name", c == null ? null : c.name(), "a container name");
            }
            out.add(new CheckSpec.Container("container:" + c.name(), c.name(), host, limit, restartWindow,
                    policy(key, c.onWarn(), c.onCrit(), c.onUnknown(), "50%", "down"), timeout));
        }
    }

    private static CheckPolicy policy(String key, String onWarn, String onCrit, String onUnknown, String warnDefault,
                                      String critDefault) {
        Reaction warn = reaction(key + ".on-warn", or(onWarn, warnDefault));
        Reaction crit = reaction(key + ".on-crit", or(onCrit, critDefault));
        Reaction unknown = onUnknown == null ? crit : reaction(key + ".on-unknown", onUnknown);
        return new CheckPolicy(warn, crit, unknown);
    }

    private static Reaction reaction(String key, String text) {
        try {
            return Reaction.parse(text);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(key, text, "none, down or 0%..100%");
        }
    }

    private Duration timeout(String key, String text) {
        return text == null ? defaultTimeout : positive(key + ".timeout", text);
    }

    private static void ordered(String key, String warnText, double warn, double crit) {
        if (warn > crit) {
            throw new ConfigException(key + ".warn", warnText, "at most crit (" + crit + ")");
        }
    }

    private static Duration positive(String key, String text) {
        Duration d = Units.duration(key, text);
        if (d.isZero()) {
            throw new ConfigException(key, text, "a duration above 0");
        }
        return d;
    }

    private static int atLeastOne(String key, int n) {
        if (n < 1) {
            throw new ConfigException(key, n, ">= 1");
        }
        return n;
    }

    private static Path absolute(String key, String path) {
        Path p = Path.of(path);
        if (!p.isAbsolute()) {
            throw new ConfigException(key, path, "an absolute path");
        }
        return p;
    }

    private static InetSocketAddress socketAddress(String key, String address, int port, boolean allowZero) {
        if (port < (allowZero ? 0 : 1) || port > 65535) {
            throw new ConfigException(key + ".port", port, "0..65535");
        }
        if (!address.matches("[0-9.]+|[0-9a-fA-F:]+|localhost")) {
            throw new ConfigException(key + ".address", address, "an IP address such as 0.0.0.0 or 127.0.0.1");
        }
        return new InetSocketAddress(address, port);
    }

    private static String or(String value, String fallback) {
        return value == null ? fallback : value;
    }
}
