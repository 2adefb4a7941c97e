package io.rxhealth.checks.docker;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Configuration of the Docker checks.
 *
 * @param host            {@code unix:///var/run/docker.sock} or {@code tcp://host:port} (plain
 *                        HTTP, no TLS)
 * @param connectTimeout  bound on connecting to the engine
 * @param responseTimeout bound on waiting for each answer
 * @param containers      names (or ids) of the containers that must be running, one check each
 * @param maxRestarts     restarts within {@code restartWindow} tolerated before {@code WARN}
 * @param restartWindow   the window over which restarts are counted
 */
public record DockerCheckConfig(String host, Duration connectTimeout, Duration responseTimeout,
                                List<String> containers, int maxRestarts,
                                Duration restartWindow) {
    public static final String DEFAULT_HOST = "unix:///var/run/docker.sock";
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(1);
    public static final Duration DEFAULT_RESPONSE_TIMEOUT = Duration.ofSeconds(2);
    public static final int DEFAULT_MAX_RESTARTS = 3;
    public static final Duration DEFAULT_RESTART_WINDOW = Duration.ofMinutes(10);

    // Docker's own rule for container names; ids (hex) match it too. Names go into URL paths.
    private static final Pattern NAME = Pattern.compile("[a-zA-Z0-9][a-zA-Z0-9_.-]*");

    public DockerCheckConfig {
        DockerJavaEngine.parseHost(host);
        requirePositive("connectTimeout", connectTimeout);
        requirePositive("responseTimeout", responseTimeout);
        containers = List.copyOf(requireNonNull(containers, "containers"));
        var seen = new HashSet<String>();
        for (var container : containers) {
            if (!NAME.matcher(container).matches()) {
                throw new IllegalArgumentException("container: '" + container
                        + "' (expected: a container name or id, [a-zA-Z0-9][a-zA-Z0-9_.-]*)");
            }
            if (!seen.add(container)) {
                throw new IllegalArgumentException("container: '" + container
                        + "' (expected: each container listed once)");
            }
        }
        if (maxRestarts < 0) {
            throw new IllegalArgumentException("maxRestarts: " + maxRestarts + " (expected: >= 0)");
        }
        requirePositive("restartWindow", restartWindow);
    }

    /** The shipped defaults for the local daemon, watching the given containers. */
    public static DockerCheckConfig defaults(List<String> containers) {
        return new DockerCheckConfig(DEFAULT_HOST, DEFAULT_CONNECT_TIMEOUT,
                DEFAULT_RESPONSE_TIMEOUT, containers, DEFAULT_MAX_RESTARTS,
                DEFAULT_RESTART_WINDOW);
    }

    private static void requirePositive(String name, Duration value) {
        requireNonNull(value, name);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + ": " + value + " (expected: > 0)");
        }
    }
}
