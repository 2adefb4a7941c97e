package io.rxhealth.ovs.pool;

import java.util.List;

/**
 * One pool as {@code /status}, {@code /slots} and the CLI show it.
 *
 * @param id              pool id (multipath basis, Maglev seed)
 * @param name            pool name
 * @param listener        {@code vip:port}
 * @param slots           table size
 * @param digest          digest of the installed table, {@code null} before the first apply
 * @param lastApplyAt     when a table was last installed (ISO-8601), {@code null} before any
 * @param lastSlotsMoved  slots that changed owner in that apply
 * @param applyFailures   failed applies since start
 * @param lastError       the last apply error, {@code null} if the last apply succeeded
 * @param failClose       the installed table is empty: every member is out, traffic is dropped
 * @param panic           the pool is in panic now: its healthy share is below {@code panicThreshold}, so
 *                        every probe-up member has its configured weight
 * @param healthyShare    effective weight of the probe-up members over the configured weight of the
 *                        members no operator took out, 0..1 (above 1 with agents over 100%);
 *                        {@code null} when no weight counts
 * @param panicThreshold  the pool's panic threshold in percent, 0 when disabled
 * @param members         members in key order
 * @param layoutVersion   {@code Maglev.LAYOUT_VERSION} of this daemon's layout function
 */
public record PoolReport(int id, String name, String listener, int slots, String digest, String lastApplyAt,
                         int lastSlotsMoved, long applyFailures, String lastError, boolean failClose, boolean panic,
                         Double healthyShare, int panicThreshold, List<MemberReport> members,
                         int layoutVersion) {
    public PoolReport {
        members = List.copyOf(members);
    }
}
