package io.rxhealth.agent.config;

import static io.rxhealth.agent.config.ConfigValues.absolute;
import static io.rxhealth.agent.config.ConfigValues.or;
import static io.rxhealth.agent.config.ConfigValues.policy;
import static io.rxhealth.agent.config.ConfigValues.positive;

import io.rxhealth.agent.config.RawConfig.RawContainer;
import io.rxhealth.agent.config.RawConfig.RawDocker;
import io.rxhealth.agent.config.RawConfig.RawHttp;
import io.rxhealth.agent.config.RawConfig.RawWindow;
import io.rxhealth.checks.docker.DockerCheckConfig;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/** Validates the application checks of the config: HTTP endpoints with their windows, and Docker. */
final class AppChecksValidator {
    private final Duration defaultTimeout;

    AppChecksValidator(Duration defaultTimeout) {
        this.defaultTimeout = defaultTimeout;
    }

    CheckSpec.Http http(String key, RawHttp h) {
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
                Optional.ofNullable(h.host()), Optional.ofNullable(h.caFile()).map(f -> ConfigValues.certificates(key + ".ca-file", f)),
                Boolean.TRUE.equals(h.insecure()), window(key + ".window", h.window()),
                policy(key, h.onWarn(), h.onCrit(), h.onUnknown(), "down", "down"), timeout(key, h.timeout()));
    }

    CheckSpec.HttpWindow window(String key, RawWindow w) {
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

    void docker(List<CheckSpec> out, RawDocker d) {
        if (d == null) {
            return;
        }
        String host = or(d.host(), DockerCheckConfig.DEFAULT_HOST);
        if (!(host.startsWith("unix://") || host.startsWith("tcp://"))) {
            throw new ConfigException("checks.docker.host", host, "unix:///path or tcp://host:port");
        }
        Duration timeout = timeout("checks.docker", d.timeout());
        out.add(new CheckSpec.DockerDaemon("docker", host,
                policy("checks.docker", d.onWarn(), d.onCrit(), d.onUnknown(), "50%", "down"), timeout));
        int limit = d.restartLimit() == null ? DockerCheckConfig.DEFAULT_MAX_RESTARTS : d.restartLimit();
        if (limit < 1) {
            throw new ConfigException("checks.docker.restart-limit", limit, ">= 1");
        }
        Duration restartWindow = d.restartWindow() == null ? DockerCheckConfig.DEFAULT_RESTART_WINDOW
                : positive("checks.docker.restart-window", d.restartWindow());
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

    private Duration timeout(String key, String text) {
        return text == null ? defaultTimeout : positive(key + ".timeout", text);
    }
}
