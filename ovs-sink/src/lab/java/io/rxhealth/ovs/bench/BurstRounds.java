package io.rxhealth.ovs.bench;

import io.rxhealth.ovs.LbNodeOnOvs;
import io.rxhealth.ovs.flow.OvsSandbox;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The burst mode of {@link AgentChangeBench}: every agent of a pool of N members changes its reply
 * at once (a shared dependency failing), ROUNDS times. The poller spreads a round of polls over
 * the interval, so the N transitions arrive spread out; the harness records when each was seen and
 * every apply, and reports how many applies a round took and how long each transition waited for
 * the apply that carried it. The same arrival times are then replayed through the earlier policy,
 * a fixed 50 ms debounce, with this round's median apply time: what that delay would have
 * gathered and cost.
 */
final class BurstRounds {
    private static final long DEBOUNCE_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final long WAIT_SECONDS = 15;

    private BurstRounds() {
    }

    static void measure(OvsSandbox ovs, AgentTransitions transitions, int slots, int members, int rounds,
                        String intervals) throws Exception {
        TimedWriter[] writer = new TimedWriter[1];
        List<Integer> weights = Collections.nCopies(members, 100);
        try (LbNodeOnOvs lb = LbNodeOnOvs.start(ovs, slots, weights, w -> writer[0] = new TimedWriter(w), intervals)) {
            List<Double> spread = new ArrayList<>();
            List<Double> applies = new ArrayList<>();
            List<Double> waited = new ArrayList<>();
            List<Double> replayApplies = new ArrayList<>();
            List<Double> replayWaited = new ArrayList<>();
            for (int r = 0; r < rounds; r++) {
                writer[0].applies().clear();
                transitions.seen().clear();
                String reply = r % 2 == 0 ? "up 50%\n" : "up 100%\n";
                for (int m = 0; m < members; m++) {
                    lb.agent(m).reply(reply);
                }
                List<Long> seen = new ArrayList<>();
                for (int m = 0; m < members; m++) {
                    Long at = transitions.seen().poll(WAIT_SECONDS, TimeUnit.SECONDS);
                    if (at == null) {
                        throw new IllegalStateException("round " + r + ": " + m + " of " + members + " transitions seen");
                    }
                    seen.add(at);
                }
                long last = seen.get(seen.size() - 1);
                List<TimedWriter.Apply> round = new ArrayList<>();
                while (round.isEmpty() || round.get(round.size() - 1).startNanos() < last) {
                    TimedWriter.Apply apply = writer[0].applies().poll(WAIT_SECONDS, TimeUnit.SECONDS);
                    if (apply == null) {
                        throw new IllegalStateException("round " + r + ": no apply after the last transition");
                    }
                    round.add(apply);
                }
                spread.add((last - seen.get(0)) / 1e6);
                applies.add((double) round.size());
                List<Double> durations = new ArrayList<>();
                for (TimedWriter.Apply a : round) {
                    durations.add((double) (a.endNanos() - a.startNanos()));
                }
                for (long t : seen) {
                    waited.add((carrier(round, t).endNanos() - t) / 1e6);
                }
                replay(seen, (long) AgentChangeBench.median(durations), replayApplies, replayWaited);
            }
            System.out.printf(Locale.ROOT, "%d members, %d slots, %d rounds: transitions of a round spread over p50 %.0f ms"
                    + " (max %.0f)%n", members, slots, rounds, AgentChangeBench.median(spread), Collections.max(spread));
            AgentChangeBench.header();
            AgentChangeBench.print(slots, "applies per round, at once / coalesced", applies, 0, 0);
            AgentChangeBench.print(slots, "transition -> its apply done", waited, 0, 0);
            AgentChangeBench.print(slots, "replayed 50 ms debounce: applies per round", replayApplies, 0, 0);
            AgentChangeBench.print(slots, "replayed 50 ms debounce: transition -> done", replayWaited, 0, 0);
        }
    }

    /** The first apply that began after {@code seen}: the one whose layout read the change. */
    private static TimedWriter.Apply carrier(List<TimedWriter.Apply> round, long seen) {
        for (TimedWriter.Apply a : round) {
            if (a.startNanos() >= seen) {
                return a;
            }
        }
        return round.get(round.size() - 1);
    }

    /**
     * The earlier ReconcileLoop on these arrival times: a change with none pending schedules a
     * reconcile 50 ms later, on the loop's one thread; it carries every change seen before it starts.
     */
    static void replay(List<Long> seen, long applyNanos, List<Double> appliesOut, List<Double> waitedOut) {
        List<long[]> runs = new ArrayList<>();
        long threadFree = Long.MIN_VALUE;
        long pendingStart = Long.MIN_VALUE;
        for (long t : seen) {
            if (t > pendingStart) {
                // None pending (the last scheduled run has started): schedule one.
                long start = Math.max(t + DEBOUNCE_NANOS, threadFree);
                runs.add(new long[] {start, start + applyNanos});
                threadFree = start + applyNanos;
                pendingStart = start;
            }
        }
        appliesOut.add((double) runs.size());
        for (long t : seen) {
            for (long[] run : runs) {
                if (run[0] >= t) {
                    waitedOut.add((run[1] - t) / 1e6);
                    break;
                }
            }
        }
    }
}
