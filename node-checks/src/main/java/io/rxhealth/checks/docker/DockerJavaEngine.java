package io.rxhealth.checks.docker;

import static java.util.Objects.requireNonNull;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.exception.DockerException;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.core.DefaultDockerClientConfig;
import com.github.dockerjava.core.DockerClientImpl;
import com.github.dockerjava.httpclient5.ApacheDockerHttpClient;
import io.rxhealth.checks.failure.FailureWords;
import java.io.Closeable;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;

/**
 * {@link DockerEngine} over docker-java with the Apache HttpClient 5 transport, talking plain HTTP
 * to a unix socket ({@code unix:///var/run/docker.sock}) or a TCP port ({@code
 * tcp://127.0.0.1:2375}). TLS is not supported. Thread-safe; close it to release its connections.
 *
 * <p>Every call has a deadline that fires: connect plus response timeout. The transport's own
 * timeouts hold over TCP, but docker-java's unix socket ignores its read timeout (a socket that
 * accepted and never answered kept a thread blocked for good), so a watchdog closes the client
 * under a call that outlives its deadline: the blocked read ends at once and the next call gets
 * a fresh client ({@code DockerDeadlineIT}). The watchdog's one thread exists only while calls are
 * in flight.
 */
final class DockerJavaEngine implements DockerEngine, Closeable {
    private static final Pattern STATUS_PREFIX = Pattern.compile("^Status \\d+: ");
    private static final Pattern JSON_MESSAGE =
            Pattern.compile("\"message\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");

    private final String host;
    private final URI uri;
    private final Duration connectTimeout;
    private final Duration responseTimeout;
    private final long deadlineNanos;
    private final ScheduledThreadPoolExecutor watchdog;
    private volatile DockerClient client;
    private volatile boolean closed;

    DockerJavaEngine(String host, Duration connectTimeout, Duration responseTimeout) {
        this.uri = parseHost(host);
        this.host = host;
        this.connectTimeout = requirePositive("connectTimeout", connectTimeout);
        this.responseTimeout = requirePositive("responseTimeout", responseTimeout);
        this.deadlineNanos = connectTimeout.plus(responseTimeout).toNanos();
        this.watchdog = new ScheduledThreadPoolExecutor(1, r -> {
            var t = new Thread(r, "docker-deadline");
            t.setDaemon(true);
            return t;
        });
        watchdog.setRemoveOnCancelPolicy(true);
        watchdog.setKeepAliveTime(5, TimeUnit.SECONDS);
        watchdog.allowCoreThreadTimeOut(true);
        this.client = newClient();
    }

    private DockerClient newClient() {
        // The plain Builder, not createDefaultConfigBuilder(): the agent's config alone decides
        // where the engine is, never DOCKER_HOST or ~/.docker of whoever runs the agent.
        var config = new DefaultDockerClientConfig.Builder()
                .withDockerHost(host)
                .withDockerTlsVerify(false)
                .build();
        var http = new ApacheDockerHttpClient.Builder()
                .dockerHost(uri)
                .connectionTimeout(connectTimeout)
                .responseTimeout(responseTimeout)
                .build();
        return DockerClientImpl.getInstance(config, http);
    }

    /** Validates a docker host string: {@code unix:///absolute/path} or {@code tcp://host:port}. */
    static URI parseHost(String host) {
        requireNonNull(host, "host");
        URI uri;
        try {
            uri = URI.create(host);
        } catch (IllegalArgumentException e) {
            uri = null;
        }
        boolean valid = uri != null && uri.getScheme() != null
                && (uri.getScheme().equals("unix") && uri.getPath() != null
                        && uri.getPath().startsWith("/") && uri.getPath().length() > 1
                    || uri.getScheme().equals("tcp") && uri.getHost() != null && uri.getPort() > 0);
        if (!valid) {
            throw new IllegalArgumentException("docker host: '" + host
                    + "' (expected: unix:///path/to/docker.sock or tcp://host:port)");
        }
        return uri;
    }

    @Override
    public void ping() throws IOException {
        call("GET /_ping", c -> c.pingCmd().exec());
    }

    @Override
    public Optional<ContainerStatus> inspect(String container) throws IOException {
        requireNonNull(container, "container");
        InspectContainerResponse response;
        try {
            response = call("GET /containers/" + container + "/json",
                    c -> c.inspectContainerCmd(container).exec());
        } catch (IOException e) {
            if (e.getCause() instanceof NotFoundException) {
                return Optional.empty();
            }
            throw e;
        }
        return Optional.of(statusOf(container, response));
    }

    private ContainerStatus statusOf(String container, InspectContainerResponse response)
            throws IOException {
        var state = response.getState();
        if (state == null || state.getStatus() == null) {
            throw new IOException(host + ": GET /containers/" + container
                    + "/json: no State.Status in the answer");
        }
        var health = state.getHealth() == null ? "" : state.getHealth().getStatus();
        var restarts = response.getRestartCount();
        var exitCode = state.getExitCodeLong();
        return new ContainerStatus(
                response.getId(),
                ContainerState.parse(state.getStatus()),
                health,
                restarts == null ? 0 : restarts,
                exitCode == null ? 0 : exitCode,
                startedAt(state.getStartedAt()));
    }

    /** Engines report a container that never started as {@code 0001-01-01T00:00:00Z}. */
    private static Instant startedAt(String text) {
        if (text == null || text.isEmpty()) {
            return null;
        }
        var instant = OffsetDateTime.parse(text).toInstant();
        return instant.isBefore(Instant.EPOCH) ? null : instant;
    }

    /**
     * Runs one docker-java call and turns its failures into one-line {@link IOException}s: an
     * error status from the engine, or an I/O failure (refused, timed out) that docker-java wraps
     * in a RuntimeException. The docker-java exception stays the cause: a 404 means something
     * different for each request.
     */
    private <T> T call(String request, DockerCall<T> call) throws IOException {
        DockerClient used = client;
        var fired = new AtomicBoolean();
        ScheduledFuture<?> deadline = watchdog.schedule(() -> {
            fired.set(true);
            closeQuietly(used);
        }, deadlineNanos, TimeUnit.NANOSECONDS);
        try {
            return mapped(request, used, call);
        } catch (IOException | RuntimeException e) {
            if (fired.get()) {
                throw new IOException(host + ": " + request + ": no answer within "
                        + TimeUnit.NANOSECONDS.toMillis(deadlineNanos) + " ms", e);
            }
            throw e;
        } finally {
            deadline.cancel(false);
            if (fired.get()) {
                replace(used);
            }
        }
    }

    /** After a deadline closed {@code broken}, the first call back puts a fresh client in its place. */
    private synchronized void replace(DockerClient broken) {
        if (client == broken && !closed) {
            client = newClient();
        }
    }

    private static void closeQuietly(DockerClient c) {
        try {
            c.close();
        } catch (IOException | RuntimeException ignored) {
            // Closing is all that is wanted; the blocked call reports the deadline.
        }
    }

    private <T> T mapped(String request, DockerClient used, DockerCall<T> call) throws IOException {
        try {
            return call.exec(used);
        } catch (DockerException e) {
            throw new IOException(host + ": " + request + ": HTTP " + e.getHttpStatus()
                    + ": " + engineMessage(e.getMessage()), e);
        } catch (RuntimeException e) {
            var io = ioCause(e);
            if (io == null) {
                throw e;
            }
            throw new IOException(host + ": " + request + ": " + firstLine(FailureWords.of(io)), e);
        }
    }

    /**
     * docker-java reports an error answer as {@code Status 500: {"message":"..."}}; the engine's
     * own message is the part worth a reason.
     */
    static String engineMessage(String text) {
        if (text == null) {
            return "";
        }
        var body = STATUS_PREFIX.matcher(text).replaceFirst("");
        var message = JSON_MESSAGE.matcher(body);
        return firstLine(message.find() ? message.group(1).replace("\\\"", "\"") : body);
    }

    private static IOException ioCause(Throwable e) {
        for (var t = e; t != null; t = t.getCause()) {
            if (t instanceof IOException) {
                return (IOException) t;
            }
        }
        return null;
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "";
        }
        var line = text.strip().lines().findFirst().orElse("");
        return line.length() > 200 ? line.substring(0, 200) + "..." : line;
    }

    private static Duration requirePositive(String name, Duration value) {
        requireNonNull(value, name);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + ": " + value + " (expected: > 0)");
        }
        return value;
    }

    @Override
    public synchronized void close() throws IOException {
        closed = true;
        watchdog.shutdownNow();
        client.close();
    }

    @FunctionalInterface
    private interface DockerCall<T> {
        T exec(DockerClient client);
    }
}
