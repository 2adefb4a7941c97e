package io.rxhealth.weighting.agentcheck;

/**
 * The health an agent reports with a health word. {@code down}, {@code stopped} and {@code fail}
 * all mean {@link #DOWN}; {@code failed} is not a health word (HAProxy 2.6, src/tcpcheck.c).
 */
public enum AgentHealth {
    UP, DOWN
}
