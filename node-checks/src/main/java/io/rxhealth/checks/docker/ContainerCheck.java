package io.rxhealth.checks.docker;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.time.Duration;
import java.time.temporal.ChronoUnit;

/**
 * Is one named container running and well? {@code CRIT} when it is not running (created,
 * restarting, paused, exited, dead, being removed), when its health check says {@code unhealthy},
 * or when it does not exist; {@code WARN} while its health check is {@code starting} and when it
 * restarted more than {@code maxRestarts} times within {@code restartWindow}. A container without
 * a health check is judged by its state alone.
 *
 * <p>When the daemon cannot be asked, {@link #run()} throws and the runner reports {@code
 * UNKNOWN}: nothing is known about the container then, and the daemon's own check ({@link
 * DockerDaemonCheck}) already reports the outage as {@code CRIT}. Thread-safe.
 */
final class ContainerCheck implements Check {
    private final DockerEngine engine;
    private final String container;
    private final String name;
    private final int maxRestarts;
    private final Duration restartWindow;
    private final RestartHistory restarts;

    ContainerCheck(DockerEngine engine, String container, int maxRestarts, Duration restartWindow,
                   Ticker ticker) {
        this.engine = requireNonNull(engine, "engine");
        this.container = requireNonNull(container, "container");
        if (maxRestarts < 0) {
            throw new IllegalArgumentException("maxRestarts: " + maxRestarts + " (expected: >= 0)");
        }
        this.name = "container:" + container;
        this.maxRestarts = maxRestarts;
        this.restartWindow = restartWindow;
        this.restarts = new RestartHistory(restartWindow, ticker);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public CheckResult run() throws IOException {
        var found = engine.inspect(container);
        if (found.isEmpty()) {
            restarts.clear();
            return CheckResult.crit(name, "container '" + container + "' not found");
        }
        var status = found.get();
        // Recorded on every inspection, whatever the state, so that the window stays complete.
        int recentRestarts = restarts.record(status.id(), status.restartCount());
        var prefix = "container " + container + " ";
        var notRunning = switch (status.state()) {
            case RUNNING -> null;
            case EXITED, DEAD -> status.state().word() + " (code " + status.exitCode() + ")";
            case RESTARTING -> "restarting (last exit code " + status.exitCode() + ", "
                    + status.restartCount() + " restarts)";
            case CREATED -> "created but not started";
            case PAUSED, STOPPING, REMOVING -> status.state().word();
        };
        if (notRunning != null) {
            return CheckResult.crit(name, prefix + notRunning);
        }
        switch (status.health()) {
            case "unhealthy":
                return CheckResult.crit(name, prefix + "unhealthy");
            case "starting":
                return CheckResult.warn(name, prefix + "running, health check starting");
            case "", "none", "healthy":
                break;
            default:
                return CheckResult.unknown(name, prefix + "reports health status '"
                        + status.health() + "' (expected: starting, healthy or unhealthy)");
        }
        if (recentRestarts > maxRestarts) {
            return CheckResult.warn(name, prefix + "restarted " + recentRestarts + " times within "
                    + human(restartWindow) + " (more than " + maxRestarts + ")");
        }
        var healthy = status.health().equals("healthy") ? ", healthy" : "";
        return CheckResult.ok(name, prefix + "running" + healthy + since(status));
    }

    private static String since(ContainerStatus status) {
        return status.startedAt() == null ? ""
                : " since " + status.startedAt().truncatedTo(ChronoUnit.SECONDS);
    }

    /** {@code 10m}, {@code 90s}, {@code 1h}: a duration as an operator writes it. */
    static String human(Duration d) {
        if (d.toNanosPart() != 0) {
            return d.toMillis() + "ms";
        }
        long seconds = d.getSeconds();
        if (seconds % 3600 == 0) {
            return seconds / 3600 + "h";
        }
        return seconds % 60 == 0 ? seconds / 60 + "m" : seconds + "s";
    }
}
