package io.rxhealth.weighting.agentcheck;

/**
 * An administrative word of an agent reply. {@link #DRAIN} and {@link #MAINT} set sticky flags;
 * only {@link #READY} clears them (both of them, whoever set them).
 */
public enum AgentAdmin {
    READY, DRAIN, MAINT
}
