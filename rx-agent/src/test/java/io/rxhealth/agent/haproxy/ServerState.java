package io.rxhealth.agent.haproxy;

/**
 * One server as HAProxy sees it, read from {@code show stat} and {@code show servers state}.
 *
 * @param status         the stats status column: {@code UP}, {@code DOWN (agent)}, {@code DRAIN (agent)},
 *                       {@code MAINT}, ...
 * @param weight         effective weight (stats {@code weight})
 * @param userWeight     the weight the agent or the CLI last set ({@code srv_uweight})
 * @param initialWeight  the configured weight ({@code srv_iweight})
 * @param opState        {@code srv_op_state}: 0 stopped, 1 starting, 2 running, 3 stopping
 * @param adminState     {@code srv_admin_state} bits, e.g. {@link #FMAINT}, {@link #FDRAIN}
 * @param lastAgentCheck the last agent-check outcome ({@code last_agt}), e.g. {@code via agent : up (note)}
 * @param agentMillis    how long the last agent check took ({@code agent_duration}), in milliseconds
 */
record ServerState(String status, int weight, int userWeight, int initialWeight, int opState, int adminState,
                   String lastAgentCheck, int agentMillis) {
    /** Forced maintenance, set by the agent's {@code maint} or the CLI (HAProxy's SRV_ADMF_FMAINT). */
    static final int FMAINT = 0x01;
    /** Forced drain, set by the agent's {@code drain} or the CLI (HAProxy's SRV_ADMF_FDRAIN). */
    static final int FDRAIN = 0x08;
    static final int OP_STOPPED = 0;
    static final int OP_RUNNING = 2;

    boolean inMaint() {
        return (adminState & FMAINT) != 0;
    }

    boolean draining() {
        return (adminState & FDRAIN) != 0;
    }
}
