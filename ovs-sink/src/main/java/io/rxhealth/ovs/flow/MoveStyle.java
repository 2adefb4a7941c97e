package io.rxhealth.ovs.flow;

/**
 * How an incremental bundle moves a slot from one member to another. A strict modify cannot be
 * used: in OpenFlow 1.3+ it keeps the old cookie, and the cookie names the member.
 */
public enum MoveStyle {
    /**
     * One {@code flow add ...,reset_counts} over the existing slot flow: OVS replaces the flow,
     * cookie and actions included, and {@code reset_counts} stops it from handing the old
     * member's packet counts to the new one. One flow mod per moved slot. The default.
     */
    REPLACE,
    /** {@code flow delete_strict} then {@code flow add}: two flow mods per moved slot. */
    DELETE_ADD
}
