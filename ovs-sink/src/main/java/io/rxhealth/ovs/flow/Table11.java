package io.rxhealth.ovs.flow;

/**
 * The contract of OpenFlow table 11, the slot table, shared with the pipeline that feeds it
 * (table 10's listeners) and consumes it (table 12's DNAT). See {@code docs/ovs-table11.md}.
 *
 * <pre>
 * table=10  tcp,nw_dst=VIP,tp_dst=80  actions=set_field:POOL-&gt;reg3,
 *           multipath(symmetric_l3l4,POOL,modulo_n,SLOTS,0,NXM_NX_REG1[]),goto_table:11
 * table=11  priority=100,reg3=POOL,reg1=SLOT  cookie=POOL:16|IPV4:32|PORT:16
 *           actions=set_field:IPV4-&gt;reg2,set_field:PORT-&gt;reg4,goto_table:12
 * table=11  priority=0  actions=drop          (fail-close, cookie 0, shared by all pools)
 * </pre>
 */
public final class Table11 {
    /** The slot table. */
    public static final int TABLE = 11;
    /** Where a slot flow sends the packet: the DNAT table, which matches reg2 (and reg4). */
    public static final int NEXT_TABLE = 12;
    /** Priority of every slot flow. */
    public static final int SLOT_PRIORITY = 100;
    /** Priority of the fail-close flow, {@code actions=drop}, present whatever the pools hold. */
    public static final int FAIL_CLOSE_PRIORITY = 0;
    /** Slot number, written by table 10's {@code multipath} (0..slots-1): register 1. */
    public static final int SLOT_REGISTER = 1;
    /** Member IPv4 address as a 32-bit value, written by a slot flow: register 2. */
    public static final int ADDRESS_REGISTER = 2;
    /** Pool number, written by table 10's listener before {@code multipath}: register 3. */
    public static final int POOL_REGISTER = 3;
    /** Member TCP port, written by a slot flow: register 4. */
    public static final int PORT_REGISTER = 4;
    /** {@link #SLOT_REGISTER} as flows name it. */
    public static final String SLOT_REG = "reg" + SLOT_REGISTER;
    /** {@link #ADDRESS_REGISTER} as flows name it. */
    public static final String ADDRESS_REG = "reg" + ADDRESS_REGISTER;
    /** {@link #POOL_REGISTER} as flows name it. */
    public static final String POOL_REG = "reg" + POOL_REGISTER;
    /** {@link #PORT_REGISTER} as flows name it. */
    public static final String PORT_REG = "reg" + PORT_REGISTER;
    /** Pools are numbered 1..65535: 16 bits of the cookie and the multipath basis; 0 means "no pool". */
    public static final int MAX_POOL = 0xffff;

    private Table11() {
    }

    /** Rejects a pool number that cannot be written into reg3, the cookie and the multipath basis. */
    public static int checkPool(int pool) {
        if (pool < 1 || pool > MAX_POOL) {
            throw new IllegalArgumentException("pool: " + pool + " (expected: 1.." + MAX_POOL + ")");
        }
        return pool;
    }
}
