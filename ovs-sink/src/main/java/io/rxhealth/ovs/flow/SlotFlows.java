package io.rxhealth.ovs.flow;

import io.rxhealth.ovs.openflow.FlowEntry;
import java.util.List;

/**
 * Recognises the two forms table 11 is made of in flows read back from the switch, whichever way
 * they were read: a slot flow ({@code priority=100,reg3=P,reg1=S} loading the member into reg2
 * and reg4, then {@code goto_table:12}) and the fail-close flow ({@code priority=0 actions=drop}).
 * Anything else in table 11 is foreign. Pure.
 */
final class SlotFlows {
    private SlotFlows() {
    }

    /** The flow as a slot flow, or {@code null} when it is anything else. */
    static SlotFlow slot(FlowEntry flow) {
        if (flow.table() != Table11.TABLE || flow.priority() != Table11.SLOT_PRIORITY || !flow.registersOnly()
                || flow.registers().size() != 2 || flow.gotoTable() != Table11.NEXT_TABLE) {
            return null;
        }
        long pool = flow.exactRegister(Table11.POOL_REGISTER);
        long slot = flow.exactRegister(Table11.SLOT_REGISTER);
        List<FlowEntry.Load> loads = flow.loads();
        if (pool < 1 || pool > Table11.MAX_POOL || slot < 0 || slot > Integer.MAX_VALUE || loads.size() != 2
                || loads.get(0).register() != Table11.ADDRESS_REGISTER || loads.get(1).register() != Table11.PORT_REGISTER) {
            return null;
        }
        long port = loads.get(1).value();
        if (port < 1 || port > 0xffff) {
            return null;
        }
        return new SlotFlow((int) pool, (int) slot, new MemberAddress((int) loads.get(0).value(), (int) port),
                flow.cookie(), new FlowCounters(flow.packets(), flow.bytes()));
    }

    /** True for the shared {@code priority=0 actions=drop} flow of table 11. */
    static boolean isFailClose(FlowEntry flow) {
        return flow.table() == Table11.TABLE && flow.priority() == Table11.FAIL_CLOSE_PRIORITY
                && flow.registers().isEmpty() && flow.otherMatch().isEmpty() && flow.loads().isEmpty()
                && flow.otherActions().isEmpty() && flow.gotoTable() < 0;
    }

    /**
     * True when {@code flow} matches exactly {@code reg3=pool}: the flows a full apply's
     * {@code delete table=11,reg3=P} removes with the pool's own, so a re-apply repairs them.
     */
    static boolean ofPool(FlowEntry flow, int pool) {
        return flow.exactRegister(Table11.POOL_REGISTER) == pool;
    }
}
