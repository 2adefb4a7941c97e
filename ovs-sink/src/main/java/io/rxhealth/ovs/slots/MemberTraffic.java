package io.rxhealth.ovs.slots;

/**
 * New connections steered to a member by its table-11 slot flows, as the switch counts them
 * (later packets of a connection hit conntrack, not the slot table).
 */
public record MemberTraffic(long packets, long bytes) {
}
