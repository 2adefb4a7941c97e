package io.rxhealth.ovs.pool;


/**
 * One member of one pool as {@code /status}, {@code /slots} and the CLI show it.
 *
 * @param key             {@code address:port}
 * @param verdict         {@code up}, {@code up (panic)} for every probe-up member while the pool is in
 *                        panic, or why the member is out ({@code down (probe)}, {@code drain (operator)}, ...)
 * @param probe           probe state with rise/fall progress ({@code UP}, {@code UP 1/3}, {@code DOWN})
 * @param probeDetail     detail of the last probe
 * @param agent           agent state ({@code up 75%}, {@code drain}, ...) or {@code off}
 * @param lastReply       the last reply line, {@code null} before any
 * @param lastReplyAt     when it arrived (ISO-8601), {@code null} before any
 * @param agentFailure    failure of the last poll, {@code null} when it answered
 * @param agentFailures   polls failed in a row
 * @param configuredWeight the configured weight
 * @param agentWeight     the agent's weight (percentage of the configured weight)
 * @param effectiveWeight the weight the layout uses (0 when out; the configured weight in panic)
 * @param operatorDrain   drained by an operator
 * @param slots           slots the member holds in the installed table
 * @param targetShare     effective weight over the pool's total effective weight, 0..1
 * @param quota           {@code targetShare * slots}: the member's exact share of the table
 * @param deviation       {@code slots - quota}: within ±1 for an up-to-date table
 * @param packets         packets of the member's slot flows, -1 when unknown
 * @param bytes           bytes of the member's slot flows, -1 when unknown
 * @param zeroSlots       the member has a positive weight and no slot in the last layout: its share is
 *                        below one slot and lost the rounding (exact quotas allow a floor of 0)
 */
public record MemberReport(String key, String verdict, String probe, String probeDetail, String agent,
                           String lastReply, String lastReplyAt, String agentFailure, long agentFailures,
                           int configuredWeight, int agentWeight, int effectiveWeight, boolean operatorDrain,
                           int slots, double targetShare, double quota, double deviation,
                           long packets, long bytes, boolean zeroSlots) {
}
