package io.rxhealth.agent.status;

import java.time.Instant;
import java.util.List;

/**
 * What {@code /status} and {@code rx-health-agent status} show: the served reply and verdict, and
 * every check's last outcome. Immutable; published by the background loop after each cycle.
 * {@code stateError} says why the state dir cannot be written (full, read-only), null while it can:
 * the verdict is still served, only what survives a restart is stale.
 */
public record AgentStatus(Instant at, String verdict, String state, int weightPercent, boolean ready,
                          List<String> reasons, String reply, String stateDir, List<CheckStatus> checks,
                          String stateError) {

    /** One check's last run; {@code lastSuccess} is null until it has passed once. */
    public record CheckStatus(String name, String level, String detail, long durationMillis,
                              Instant lastSuccess, Object stats) {
    }
}
