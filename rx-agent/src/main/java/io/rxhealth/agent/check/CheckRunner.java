package io.rxhealth.agent.check;

import static java.util.Objects.requireNonNull;

import io.rxhealth.checks.failure.FailureWords;
import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Ticker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Runs all checks of one cycle, each bounded by its own timeout. A check that throws or overruns
 * is UNKNOWN with the reason; a check still hung from an earlier cycle is not started again
 * (UNKNOWN, "still running"), so a hung check holds at most one thread.
 *
 * <p>The checks are taken one after another by a drainer on the pool, so a cycle of quick checks
 * (the host checks take well under a millisecond) runs on one pooled thread rather than one
 * thread per check; each thread costs the agent ~130 KiB. When no check has been taken for
 * {@code overlap} (the running one is slow or hung) and some are still waiting, another drainer
 * starts on another thread: a slow or hung check delays the checks after it by at most
 * {@code overlap}, never the reply, and every check's timeout counts from its own start.
 */
public final class CheckRunner {
    /** How long a running check may keep the checks after it waiting. */
    private static final Duration DEFAULT_OVERLAP = Duration.ofMillis(50);

    /** A check with its timeout. */
    public record Timed(Check check, Duration timeout) {
    }

    /**
     * One check's outcome with how long it took; {@code timedOut} when the runner gave up on it at
     * its timeout (this cycle, or an earlier one it is still running from).
     */
    public record Outcome(CheckResult result, Duration duration, boolean timedOut) {
        public Outcome(CheckResult result, Duration duration) {
            this(result, duration, false);
        }
    }

    private final List<Timed> checks;
    private final ExecutorService pool;
    private final Ticker ticker;
    private final Duration overlap;
    private final CompletableFuture<?>[] inFlight;
    private final AtomicLongArray startedAt;
    private final AtomicLongArray endedAt;

    public CheckRunner(List<Timed> checks, ExecutorService pool, Ticker ticker) {
        this(checks, pool, ticker, DEFAULT_OVERLAP);
    }

    CheckRunner(List<Timed> checks, ExecutorService pool, Ticker ticker, Duration overlap) {
        this.checks = List.copyOf(checks);
        this.pool = requireNonNull(pool, "pool");
        this.ticker = requireNonNull(ticker, "ticker");
        this.overlap = requireNonNull(overlap, "overlap");
        this.inFlight = new CompletableFuture<?>[this.checks.size()];
        this.startedAt = new AtomicLongArray(this.checks.size());
        this.endedAt = new AtomicLongArray(this.checks.size());
    }

    public List<Timed> checks() {
        return checks;
    }

    /**
     * A runner of {@code next} on the same pool, continuing this one (a reload): a check of
     * {@code next} that this runner still runs from an earlier cycle (the same instance) is not
     * started again until that run ends, so a hung check still holds one thread. Call between
     * cycles, from the thread that runs them; this runner must not run afterwards.
     */
    public CheckRunner continuing(List<Timed> next) {
        CheckRunner runner = new CheckRunner(next, pool, ticker, overlap);
        Map<Check, Integer> before = new IdentityHashMap<>();
        for (int i = 0; i < checks.size(); i++) {
            before.put(checks.get(i).check(), i);
        }
        for (int i = 0; i < runner.checks.size(); i++) {
            Integer j = before.get(runner.checks.get(i).check());
            if (j != null) {
                runner.inFlight[i] = inFlight[j];
                runner.startedAt.set(i, startedAt.get(j));
                runner.endedAt.set(i, endedAt.get(j));
            }
        }
        return runner;
    }

    /** Runs one cycle; returns an outcome per check, in config order. Called from one thread. */
    @SuppressWarnings("unchecked")
    public List<Outcome> runAll() {
        int n = checks.size();
        boolean[] skipped = new boolean[n];
        Queue<Integer> waiting = new ConcurrentLinkedQueue<>();
        for (int i = 0; i < n; i++) {
            if (inFlight[i] != null && !inFlight[i].isDone()) {
                skipped[i] = true;
                continue;
            }
            inFlight[i] = new CompletableFuture<CheckResult>();
            waiting.add(i);
        }
        startAll(waiting);

        List<Outcome> outcomes = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Timed t = checks.get(i);
            String name = t.check().name();
            long started = startedAt.get(i);
            if (skipped[i]) {
                Duration running = Duration.ofNanos(ticker.nanos() - started);
                outcomes.add(new Outcome(CheckResult.unknown(name, "still running after "
                        + running.toMillis() + " ms (timeout " + t.timeout().toMillis() + " ms)"), running, true));
                continue;
            }
            long remaining = t.timeout().toNanos() - (ticker.nanos() - started);
            CheckResult result;
            boolean timedOut = false;
            try {
                result = ((Future<CheckResult>) inFlight[i]).get(Math.max(0, remaining), TimeUnit.NANOSECONDS);
                if (result == null || !name.equals(result.check())) {
                    result = CheckResult.unknown(name, "check returned a result for "
                            + (result == null ? "nothing" : result.check()));
                }
            } catch (TimeoutException e) {
                result = CheckResult.unknown(name, "timed out after " + t.timeout().toMillis() + " ms");
                timedOut = true;
            } catch (ExecutionException e) {
                result = CheckResult.unknown(name, FailureWords.of(e.getCause()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                result = CheckResult.unknown(name, "interrupted");
            }
            // A check that ended is timed to its end, not to when this loop got round to it behind
            // a slower one; one still running (timed out, interrupted), to now. endedAt is written
            // before the future completes, so a done future's end time is this cycle's.
            long ended = inFlight[i].isDone() ? endedAt.get(i) : ticker.nanos();
            outcomes.add(new Outcome(result, Duration.ofNanos(ended - started), timedOut));
        }
        return outcomes;
    }

    /**
     * Returns once every waiting check has started (or the thread is interrupted): a drainer takes
     * them in order, and another one joins whenever none was taken for {@link #overlap}. Each take
     * is counted after its start time is written, so the caller reads every start time.
     */
    private void startAll(Queue<Integer> waiting) {
        int toStart = waiting.size();
        if (toStart == 0) {
            return;
        }
        Semaphore taken = new Semaphore(0);
        pool.execute(() -> drain(waiting, taken));
        for (int started = 0; started < toStart; ) {
            try {
                if (taken.tryAcquire(overlap.toNanos(), TimeUnit.NANOSECONDS)) {
                    started++;
                } else {
                    pool.execute(() -> drain(waiting, taken));
                }
            } catch (InterruptedException e) {
                // Shutting down: the outcomes of this cycle come out "interrupted".
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    @SuppressWarnings("unchecked")
    private void drain(Queue<Integer> waiting, Semaphore taken) {
        Integer i;
        while ((i = waiting.poll()) != null) {
            startedAt.set(i, ticker.nanos());
            taken.release();
            CompletableFuture<CheckResult> done = (CompletableFuture<CheckResult>) inFlight[i];
            try {
                CheckResult result = checks.get(i).check().run();
                endedAt.set(i, ticker.nanos());
                done.complete(result);
            } catch (Exception | Error e) {
                endedAt.set(i, ticker.nanos());
                done.completeExceptionally(e);
            }
        }
    }
}
