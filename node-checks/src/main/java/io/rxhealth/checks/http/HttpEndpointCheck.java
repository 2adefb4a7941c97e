package io.rxhealth.checks.http;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Level;
import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
 * as failing. Every run ends within the spec's timeout: the request carries it and the wait for
 * the whole exchange, body included, is bounded by it too.
 *
 * <p>Thread-safe: runs may come from any thread, even overlapping; {@link #stats()} may be read at
 * any time.
 */
public final class HttpEndpointCheck implements Check {
    /** Bytes of the body kept for the {@code bodyContains} test; the rest is not read. */
    public static final int BODY_LIMIT = 64 * 1024;

    private final EndpointSpec spec;
    private final WindowThresholds thresholds;
    private final HttpClient client;
    private final Ticker ticker;
    private final InstantSource clock;
    private final HttpRequest request;
    private final Object lock = new Object();
    private final ProbeWindow window;
    private Optional<Instant> lastSuccess = Optional.empty();
    private volatile EndpointStats stats;

    public HttpEndpointCheck(EndpointSpec spec, WindowThresholds thresholds, HttpClients clients,
                             Ticker ticker, InstantSource clock) {
        this.spec = requireNonNull(spec, "spec");
        this.thresholds = requireNonNull(thresholds, "thresholds");
        this.ticker = requireNonNull(ticker, "ticker");
        this.clock = requireNonNull(clock, "clock");
        if (spec.host().isPresent() && !HttpClients.hostHeaderAllowed()) {
            throw new IllegalArgumentException("host: '" + spec.host().get() + "' (expected: "
                    + "HttpClients.allowHostHeader() at start, or -D" + HttpClients.RESTRICTED_HEADERS_PROPERTY + "=host)");
        }
        this.client = requireNonNull(clients, "clients").clientFor(spec.tls());
        this.request = request(spec);
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

    @Override
    public CheckResult run() throws IOException, InterruptedException {
        String target = "GET " + spec.url() + " -> ";
        long start = ticker.nanos();
        HttpResponse<String> response;
        try {
            response = exchange();
        } catch (HttpTimeoutException e) {
            // Waited the whole timeout: a lower bound of the latency, which the percentiles should see.
            String detail = target + "no response within " + Formats.millis(spec.timeout());
            List<Finding> findings = record(Probe.measured(false, ticker.nanos() - start), OptionalInt.empty(), detail);
            HttpTimeoutException timeout = new HttpTimeoutException(withFindings(detail, findings));
            timeout.initCause(e);
            throw timeout;
        } catch (IOException e) {
            String detail = target + reason(e);
            List<Finding> findings = record(Probe.unreachable(), OptionalInt.empty(), detail);
            throw new IOException(withFindings(detail, findings), e);
        }
        long elapsed = ticker.nanos() - start;
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

    private HttpResponse<String> exchange() throws IOException, InterruptedException {
        CompletableFuture<HttpResponse<String>> future = client.sendAsync(request, BoundedBody.handler(BODY_LIMIT));
        try {
            // The request timeout covers connect and headers only; this bounds a trickling body too.
            return future.get(spec.timeout().toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw new HttpTimeoutException("timed out");
        } catch (InterruptedException e) {
            // The runner gave up on us: not the endpoint's fault, so not recorded in the window.
            future.cancel(true);
            throw e;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            while (cause instanceof CompletionException && cause.getCause() != null) {
                cause = cause.getCause();
            }
            if (cause instanceof IOException io) {
                throw io;
            }
            throw new IOException(cause);
        }
    }

    private List<Finding> record(Probe probe, OptionalInt status, String detail) {
        synchronized (lock) {
            window.record(probe);
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

    private static String reason(IOException e) {
        if (e instanceof ConnectException && e.getMessage() == null) {
            return "connection refused";
        }
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.replaceAll("\\s*[\\r\\n]+\\s*", " ");
    }

    private static HttpRequest request(EndpointSpec spec) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(spec.url())
                .GET()
                .timeout(spec.timeout())
                .header("User-Agent", "rx-health-agent");
        spec.host().ifPresent(host -> builder.header("Host", host));
        return builder.build();
    }
}
