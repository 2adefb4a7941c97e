package io.rxhealth.ovs.pool;

import io.rxhealth.weighting.RiseFallState;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The one line a start logs about its first probes and polls, in place of a line per member: how
 * many members are up, and the first few that are not, with why. Pure.
 */
public final class FirstRound {
    /** Members named in full; the rest are counted. */
    static final int NAMED = 5;

    private FirstRound() {
    }

    /** {@code "first round: 9998 of 10000 members probed up; down: K (detail), ...; 10000 agents answered, 0 failed"}. */
    public static String summary(Collection<MemberRuntime> members) {
        int up = 0;
        int agents = 0;
        int answered = 0;
        List<String> down = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        int downCount = 0;
        int failedCount = 0;
        for (MemberRuntime m : members) {
            MemberSnapshot s = m.snapshot();
            if (s.probe().state() == RiseFallState.UP) {
                up++;
            } else {
                downCount++;
                if (down.size() < NAMED) {
                    down.add(m.key() + " (" + (s.probe().state() == RiseFallState.UNKNOWN ? "not probed yet"
                            : s.probeDetail()) + ")");
                }
            }
            if (s.agentEnabled()) {
                agents++;
                if (s.lastReply() != null) {
                    answered++;
                } else {
                    failedCount++;
                    if (failed.size() < NAMED) {
                        failed.add(m.key() + " (" + (s.agentFailure() == null ? "not polled yet"
                                : s.agentFailure() + ": " + s.agentFailureDetail()) + ")");
                    }
                }
            }
        }
        StringBuilder line = new StringBuilder("first round: ").append(up).append(" of ").append(members.size())
                .append(" members probed up");
        if (downCount > 0) {
            line.append("; not up: ").append(String.join(", ", down));
            if (downCount > down.size()) {
                line.append(" and ").append(downCount - down.size()).append(" more");
            }
        }
        line.append("; ").append(answered).append(" of ").append(agents).append(" agents answered");
        if (failedCount > 0) {
            line.append("; no answer: ").append(String.join(", ", failed));
            if (failedCount > failed.size()) {
                line.append(" and ").append(failedCount - failed.size()).append(" more");
            }
        }
        return line.toString();
    }
}
