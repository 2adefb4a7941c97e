package io.rxhealth.ovs.flow;

/** A table-11 flow of the slot form: {@code reg3=pool,reg1=slot} sending to {@code member}. */
record SlotFlow(int pool, int slot, MemberAddress member, long cookie, FlowCounters counters) {
}
