package io.rxhealth.agent;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Ticker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs all checks of one cycle in parallel, each bounded by its own timeout. A check that throws
 * or overruns is UNKNOWN with the reason; a check still hung from an earlier cycle is not started
 * again (UNKNOWN, "still running"), so a hung check can hold at most one thread and never delays
 * the others or the 9505 reply.
 */
public final class CheckRunner {
    /** A check with its timeout. */
    public record Timed(Check check, Duration timeout) {
    }

    /** One check's outcome with how long it took. */
    public record Outcome(CheckResult result, Duration duration) {
    }

    private final List<Timed> checks;
    private final ExecutorService pool;
    private final Ticker ticker;
    private final Future<?>[] inFlight;
    private final long[] startedAt;

    public CheckRunner(List<Timed> checks, ExecutorService pool, Ticker ticker) {
        this.checks = List.copyOf(checks);
        this.pool = requireNonNull(pool, "pool");
        this.ticker = requireNonNull(ticker, "ticker");
        this.inFlight = new Future<?>[this.checks.size()];
        this.startedAt = new long[this.checks.size()];
    }

    public List<Timed> checks() {
        return checks;
    }

    /** Runs one cycle; returns an outcome per check, in config order. Called from one thread. */
    @SuppressWarnings("unchecked")
    public List<Outcome> runAll() {
        int n = checks.size();
        boolean[] skipped = new boolean[n];
        for (int i = 0; i < n; i++) {
            if (inFlight[i] != null && !inFlight[i].isDone()) {
                skipped[i] = true;
                continue;
            }
            Check check = checks.get(i).check();
            startedAt[i] = ticker.nanos();
            inFlight[i] = CompletableFuture.supplyAsync(() -> {
                try {
                    return check.run();
                } catch (RuntimeException e) {
                    throw e;
                } catch (Exception e) {
                    throw new java.util.concurrent.CompletionException(e);
                }
            }, pool);
        }
        List<Outcome> outcomes = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Timed t = checks.get(i);
            String name = t.check().name();
            if (skipped[i]) {
                Duration running = Duration.ofNanos(ticker.nanos() - startedAt[i]);
                outcomes.add(new Outcome(CheckResult.unknown(name, "still running after "
                        + running.toMillis() + " ms (timeout " + t.timeout().toMillis() + " ms)"), running));
                continue;
            }
            long remaining = t.timeout().toNanos() - (ticker.nanos() - startedAt[i]);
            CheckResult result;
            try {
                result = ((Future<CheckResult>) inFlight[i]).get(Math.max(0, remaining), TimeUnit.NANOSECONDS);
                if (result == null || !name.equals(result.check())) {
                    result = CheckResult.unknown(name, "check returned a result for "
                            + (result == null ? "nothing" : result.check()));
                }
            } catch (TimeoutException e) {
                result = CheckResult.unknown(name, "timed out after " + t.timeout().toMillis() + " ms");
            } catch (ExecutionException e) {
                Throwable cause = e.getCause() instanceof java.util.concurrent.CompletionException
                        && e.getCause().getCause() != null ? e.getCause().getCause() : e.getCause();
                result = CheckResult.unknown(name, describe(cause));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                result = CheckResult.unknown(name, "interrupted");
            }
            outcomes.add(new Outcome(result, Duration.ofNanos(ticker.nanos() - startedAt[i])));
        }
        return outcomes;
    }

    static String describe(Throwable t) {
        String message = t.getMessage();
        String type = t.getClass().getSimpleName();
        return message == null || message.isBlank() ? type : type + ": " + message;
    }
}
