package io.rxhealth.ovs.outage;

/**
 * Whether the node's own switch carries the health checks, as its checks found it, and which
 * probe failures therefore say nothing about the members. Immutable; {@link #after} is pure.
 *
 * <p>The probes and agent polls leave through the switch (the hc ports are its ports), so while it
 * is down, restarting or without its pipeline every probe fails, whatever the members do. A
 * failure then is the switch's, not the member's: the member keeps its state (fail-static, as a
 * failing agent freezes the agent state). The switch is down from the first check that finds it
 * unreachable or without its pipeline, and back from the first check that finds it holding the
 * pipeline again (after the repair). A failed probe counts only if it was opened after that return:
 * one opened before it may have crossed the switch while it was down, so a member that really
 * died meanwhile is found by the probes opened after the return.
 *
 * @param up         whether the switch holds the pipeline as of the last check
 * @param since      ticker nanos of the last change of {@code up} (of the start for a switch never down)
 * @param returnedAt ticker nanos of the last return from an outage; probes opened before it do not count when failed
 * @param outages    outages seen so far
 */
public record SwitchHealth(boolean up, long since, long returnedAt, long outages) {
    /** A switch not seen down yet, as of {@code now}. */
    public static SwitchHealth initial(long now) {
        return new SwitchHealth(true, now, now, 0);
    }

    /** The health after a check that found {@code check} at {@code now}. */
    public SwitchHealth after(SwitchCheck check, long now) {
        boolean holds = check == SwitchCheck.HOLDS;
        if (holds == up) {
            return this;
        }
        return holds ? new SwitchHealth(true, now, now, outages) : new SwitchHealth(false, now, returnedAt, outages + 1);
    }

    /** Whether a probe opened at {@code openedAt} (ticker nanos) that failed says nothing about its member. */
    public boolean freezes(long openedAt) {
        return !up || openedAt - returnedAt < 0;
    }
}
