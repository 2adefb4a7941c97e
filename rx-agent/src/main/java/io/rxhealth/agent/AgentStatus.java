package io.rxhealth.agent;

import java.time.Instant;
import java.util.List;

/**
 * What {@code /status} and {@code rx-health-agent status} show: the served reply and verdict, and
 * every check's last outcome. Immutable; published by the background loop after each cycle.
 */
public record AgentStatus(Instant at, String verdict, String state, int weightPercent, boolean ready,
                          List<String> reasons, String reply, String stateDir, List<CheckStatus> checks) {

    /** One check's last run; {@code lastSuccess} is null until it has passed once. */
    public record CheckStatus(String name, String level, String detail, long durationMillis,
                              Instant lastSuccess, Object stats) {
    }
}
