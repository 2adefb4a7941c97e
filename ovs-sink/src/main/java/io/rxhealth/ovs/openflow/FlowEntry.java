package io.rxhealth.ovs.openflow;

import io.rxhealth.ovs.openflow.FlowQuery.MaskedRegister;
import java.util.List;

/**
 * One flow as the switch reported it, in the terms the daemon writes flows in: register matches,
 * register loads and a goto. Whatever else a flow has (another match field, a timeout, another
 * action or instruction) is kept as text in {@code otherMatch} and {@code otherActions}, so that
 * such a flow is never taken for one of the daemon's. A flow of the daemon's form is the same
 * value whether it came from {@code ovs-ofctl dump-flows} ({@link DumpFlowsText}) or from flow
 * statistics over an OpenFlow connection ({@link Of14FlowStats}); the text of other fields
 * differs between the two (ovs-ofctl's names, the other the OXM class and field).
 *
 * @param registers    register matches in the order the switch listed them
 * @param otherMatch   other match fields and timeouts, e.g. {@code tcp}, {@code hard_timeout=30}
 * @param loads        register loads, whole registers only, in action order
 * @param gotoTable    the goto-table instruction's table, -1 for none
 * @param otherActions other actions and instructions, in order, e.g. {@code output:2}
 */
public record FlowEntry(int table, int priority, long cookie, long packets, long bytes, List<MaskedRegister> registers,
                        List<String> otherMatch, List<Load> loads, int gotoTable, List<String> otherActions) {
    /** {@code set_field:value->regN} (or {@code load:value->NXM_NX_REGn[]}, the same to the switch). */
    public record Load(int register, long value) {
    }

    public FlowEntry {
        registers = List.copyOf(registers);
        otherMatch = List.copyOf(otherMatch);
        loads = List.copyOf(loads);
        otherActions = List.copyOf(otherActions);
    }

    /** The value of register {@code register}'s match when it matches every bit, else -1. */
    public long exactRegister(int register) {
        for (MaskedRegister m : registers) {
            if (m.register() == register) {
                return m.exact() ? m.value() : -1;
            }
        }
        return -1;
    }

    /** True when the flow matches nothing but registers, and has no other action or instruction. */
    public boolean registersOnly() {
        return otherMatch.isEmpty() && otherActions.isEmpty();
    }

    /**
     * The flow in {@code ovs-ofctl dump-flows}' words, without the time fields:
     * {@code cookie=0x7, table=11, n_packets=0, n_bytes=0, priority=50,reg3=0x7 actions=drop}.
     */
    public String text() {
        StringBuilder text = new StringBuilder(160).append("cookie=0x").append(Long.toHexString(cookie))
                .append(", table=").append(table).append(", n_packets=").append(packets).append(", n_bytes=")
                .append(bytes).append(", priority=").append(priority);
        for (MaskedRegister m : registers) {
            text.append(",reg").append(m.register()).append("=0x").append(Long.toHexString(m.value()));
            if (!m.exact()) {
                text.append("/0x").append(Long.toHexString(m.mask()));
            }
        }
        for (String other : otherMatch) {
            text.append(',').append(other);
        }
        text.append(" actions=");
        String comma = "";
        for (Load load : loads) {
            text.append(comma).append("set_field:0x").append(Long.toHexString(load.value())).append("->reg")
                    .append(load.register());
            comma = ",";
        }
        for (String other : otherActions) {
            text.append(comma).append(other);
            comma = ",";
        }
        if (gotoTable >= 0) {
            text.append(comma).append("goto_table:").append(gotoTable);
        } else if (comma.isEmpty()) {
            text.append("drop");
        }
        return text.toString();
    }
}
