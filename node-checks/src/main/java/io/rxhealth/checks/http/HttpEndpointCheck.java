package io.rxhealth.checks.http;

import static java.util.Objects.requireNonNull;

import io.rxhealth.checks.failure.FailureWords;
import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Level;
import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.MalformedURLException;
import java.net.SocketTimeoutException;
import java.net.URL;
import java.net.http.HttpTimeoutException;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * Probes one {@link EndpointSpec} with a GET per run and judges it together with the endpoint's
 * sliding window ({@link WindowThresholds}).
 *
 * <p>The rule: a probe that got an HTTP response returns a result — OK when status and body match,
 * CRIT otherwise — raised to the worst level any window threshold reaches. A probe that got no
 * response (refused, reset, empty reply, TLS failure, timeout) is recorded in the window as failed
 * and then thrown, as {@link HttpTimeoutException} for a timeout and {@link IOException} otherwise,
 * with a one-line message naming the URL; the runner maps it to UNKNOWN, which the policy treats
 * as failing. Every run ends within the spec's timeout, body included (see {@link Deadlines}).
 *
 * <p>Thread-safe: runs may come from any thread, even overlapping; {@link #stats()} may be read at
 * any time.
 */
public final class HttpEndpointCheck implements Check {
    /** Bytes of the body kept for the {@code bodyContains} test; the rest is not read. */
    public static final int BODY_LIMIT = 64 * 1024;

    private final EndpointSpec spec;
    private final WindowThresholds thresholds;
    private final HttpConnector connector;
    private final Deadlines deadlines;
    private final URL url;
    private final Ticker ticker;
    private final InstantSource clock;
    private final Object lock = new Object();
    private final ProbeWindow window;
    private Optional<Instant> lastSuccess = Optional.empty();
    private volatile EndpointStats stats;
    private volatile LatencyTotals latencyTotals = LatencyTotals.NONE;

    public HttpEndpointCheck(EndpointSpec spec, WindowThresholds thresholds, HttpClients clients,
                             Ticker ticker, InstantSource clock) {
        this.spec = requireNonNull(spec, "spec");
        this.thresholds = requireNonNull(thresholds, "thresholds");
        this.ticker = requireNonNull(ticker, "ticker");
        this.clock = requireNonNull(clock, "clock");
        if (spec.host().isPresent() && !HttpClients.hostHeaderAllowed()) {
            throw new IllegalArgumentException("host: '" + spec.host().get() + "' (expected: "
                    + "HttpClients.allowHostHeader() at start, or -D" + HttpClients.RESTRICTED_HEADERS_PROPERTY + "=true)");
        }
        this.connector = requireNonNull(clients, "clients").connectorFor(spec.tls());
        this.deadlines = clients.deadlines();
        try {
            this.url = spec.url().toURL();
        } catch (MalformedURLException | IllegalArgumentException e) {
            throw new IllegalArgumentException("url: '" + spec.url() + "' (expected: an http:// or https:// URL; "
                    + e.getMessage() + ")", e);
        }
        this.window = new ProbeWindow(thresholds.window());
        this.stats = EndpointStats.none(spec.name());
    }

    @Override
    public String name() {
        return spec.name();
    }

    public EndpointSpec spec() {
        return spec;
    }

    /** The window as of the last finished probe; never blocks. */
    public EndpointStats stats() {
        return stats;
    }

    /** Every latency measured since start, as of the last finished probe; never blocks. */
    public LatencyTotals latencyTotals() {
        return latencyTotals;
    }

    @Override
    public CheckResult run() throws IOException, InterruptedException {
        String target = "GET " + spec.url() + " -> ";
        long start = ticker.nanos();
        Response response;
        try {
            response = exchange();
        } catch (HttpTimeoutException e) {
            interruptedCheck();
            // Waited the whole timeout: a lower bound of the latency, which the percentiles should see.
            String detail = target + "no response within " + Formats.millis(spec.timeout());
            List<Finding> findings = record(Probe.measured(false, ticker.nanos() - start), OptionalInt.empty(), detail);
            HttpTimeoutException timeout = new HttpTimeoutException(withFindings(detail, findings));
            timeout.initCause(e);
            throw timeout;
        } catch (IOException e) {
            interruptedCheck();
            String detail = target + FailureWords.of(e);
            List<Finding> findings = record(Probe.unreachable(), OptionalInt.empty(), detail);
            throw new IOException(withFindings(detail, findings), e);
        }
        long elapsed = ticker.nanos() - start;
        interruptedCheck();
        int status = response.statusCode();
        Optional<String> mismatch = spec.mismatch(status, response.body());
        Level level = mismatch.isEmpty() ? Level.OK : Level.CRIT;
        String detail = target + mismatch.orElse(status + " in " + Formats.millis(elapsed));
        List<Finding> parts = new ArrayList<>();
        parts.add(new Finding(level, detail));
        parts.addAll(record(Probe.measured(mismatch.isEmpty(), elapsed), OptionalInt.of(status), detail));
        // Worst first (stable: the probe leads among equals), so the reason HAProxy shows after
        // '#' starts with what set the level.
        parts.sort(Comparator.comparing(Finding::level).reversed());
        return new CheckResult(spec.name(), parts.get(0).level(),
                parts.stream().map(Finding::detail).collect(Collectors.joining("; ")));
    }

    /**
     * One GET within the deadline. Each wait (connect, headers, each body read) is bounded by the
     * timeout, the body read stops at the deadline, and {@link Deadlines} closes the connection if
     * a wait is still blocked then; whatever fails once the deadline has passed is a timeout.
     */
    private Response exchange() throws IOException {
        long timeoutNanos = spec.timeout().toNanos();
        // The deadline is real time on the socket, whatever ticker measures the latency.
        Ticker deadlineClock = deadlines.clock();
        long deadline = deadlineClock.nanos() + timeoutNanos;
        HttpURLConnection connection = connector.open(url);
        int timeoutMillis = (int) Math.min(Integer.MAX_VALUE, Math.max(1, spec.timeout().toMillis()));
        connection.setConnectTimeout(timeoutMillis);
        connection.setReadTimeout(timeoutMillis);
        connection.setRequestProperty("User-Agent", "rx-health-agent");
        spec.host().ifPresent(host -> connection.setRequestProperty("Host", host));
        Deadlines.Armed armed = deadlines.arm(connection, timeoutNanos);
        boolean done = false;
        try {
            connection.connect();
            // A deadline that fired while the socket was still connecting found nothing to close.
            if (deadlineClock.nanos() - deadline >= 0) {
                throw new HttpTimeoutException("connected after the deadline");
            }
            int status = connection.getResponseCode();
            if (status < 0) {
                throw new IOException("not an HTTP response");
            }
            // 4xx and 5xx bodies come from the error stream; either may be absent (no body).
            InputStream in = status >= 400 ? connection.getErrorStream() : connection.getInputStream();
            BoundedBody.Read body = in == null ? new BoundedBody.Read("", true)
                    : BoundedBody.read(in, BODY_LIMIT, deadlineClock, deadline);
            if (!armed.disarm()) {
                throw new HttpTimeoutException("closed at the deadline");
            }
            if (body.complete()) {
                if (in != null) {
                    // Read to the end and closed: the connection goes back to the JDK's keep-alive cache.
                    in.close();
                }
            } else {
                connection.disconnect();
            }
            done = true;
            return new Response(status, body.text());
        } catch (SocketTimeoutException e) {
            throw timedOut(e);
        } catch (IOException e) {
            throw deadlineClock.nanos() - deadline >= 0 && !(e instanceof HttpTimeoutException) ? timedOut(e) : e;
        } finally {
            if (!done) {
                armed.disarm();
                connection.disconnect();
            }
        }
    }

    private static HttpTimeoutException timedOut(IOException cause) {
        HttpTimeoutException timeout = new HttpTimeoutException("timed out");
        timeout.initCause(cause);
        return timeout;
    }

    /** Status and the kept part of the body of one response. */
    private record Response(int statusCode, String body) {
    }

    // Blocking socket I/O does not end on an interrupt; the probe still ends at its deadline.
    // The runner gave up on it then: not the endpoint's fault, so not recorded in the window.
    private static void interruptedCheck() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException("interrupted while probing");
        }
    }

    private List<Finding> record(Probe probe, OptionalInt status, String detail) {
        synchronized (lock) {
            window.record(probe);
            if (probe.latencyNanos().isPresent()) {
                latencyTotals = latencyTotals.plus(probe.latencyNanos().getAsLong());
            }
            WindowStats current = window.stats();
            Instant now = clock.instant();
            if (probe.success()) {
                lastSuccess = Optional.of(now);
            }
            stats = new EndpointStats(spec.name(), current.probes(), current.failures(), current.latencySamples(),
                    current.p50(), current.p95(), current.p99(), status, Optional.of(now), lastSuccess, detail);
            return thresholds.evaluate(current);
        }
    }

    private static String withFindings(String detail, List<Finding> findings) {
        return findings.isEmpty() ? detail
                : detail + "; " + findings.stream().map(Finding::detail).collect(Collectors.joining("; "));
    }
}
