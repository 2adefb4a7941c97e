package io.rxhealth.agent.config;

import io.rxhealth.haproxy.SourceAllowList;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The agent's validated configuration.
 *
 * @param listen          where 9505 is served
 * @param status          loopback address of {@code /status} and {@code /metrics}; empty when disabled
 * @param stateDir        marker files and state file; empty means the default with its fallback
 * @param interval        how often all checks run
 * @param rise            consecutive passes before a failing check counts as passing again
 * @param fall            consecutive failures before a passing check counts as failing
 * @param hold            how long a higher weight must be asked for before it is served
 * @param recoveryWindow  how long the node stays capped after a {@code down}
 * @param recoverySteps   the caps, in percent, over equal parts of the window
 * @param readyInterval   how long {@code ready} is said after the agent's own drain/maint
 */
public record AgentConfig(ListenSpec listen, Optional<InetSocketAddress> status, Optional<Path> stateDir,
                          Duration interval, int rise, int fall, Duration hold, Duration recoveryWindow,
                          List<Integer> recoverySteps, Duration readyInterval, List<CheckSpec> checks) {

    /**
     * The agent-check listener.
     *
     * @param socket {@code bind}: bind {@code address}; {@code inherited}: the socket systemd passes
     *               on stdin; {@code auto}: inherited when stdin is a listening socket, else bind
     * @param maxPerSource connections open at once from one source address
     * @param allow  the source addresses that may connect ({@code SourceAllowList}); empty: any
     */
    public record ListenSpec(InetSocketAddress address, String socket, int maxConnections,
                             Duration connectionTimeout, int maxPerSource, SourceAllowList allow) {
    }
}
