package io.rxhealth.ovs.pipeline;

import java.util.List;

/**
 * The OpenFlow tables of the LB pipeline and the registers they share
 * ({@code docs/dataflow-public.md}, {@code docs/dataflow-private.md}). Every jump goes forward:
 * {@code goto_table} cannot go back.
 */
public final class Tables {
    /** Segment by in_port into reg0; FDB learning of private segments; hc ports straight to routing. */
    public static final int INGRESS = 0;
    /** Classify: ARP, ICMP echo, listener traffic, routed traffic, L2 traffic of a private segment. */
    public static final int CLASSIFY = 1;
    /** ARP responder for node addresses, VIPs and hc addresses. */
    public static final int ARP = 5;
    /** ICMP echo responder. */
    public static final int ICMP = 6;
    /** Listeners: a VIP:port flow hands the connection to a pool's slot table. */
    public static final int LISTENER = 10;
    /** Slot table, owned by the daemon; only its fail-close drop is part of the pipeline. */
    public static final int SLOTS = 11;
    /** DNAT to the member loaded into reg2/reg4, source untouched. */
    public static final int DNAT = 12;
    /** Reverse path of routed traffic: un-DNAT through conntrack. */
    public static final int UNDNAT = 15;
    /** Where routed traffic lands after conntrack; counts replies of tracked connections apart. */
    public static final int AFTER_UNDNAT = 16;
    /** Routing: longest prefix by priority (100 + prefix length), TTL decrement, segment MAC as source. */
    public static final int ROUTE = 20;
    /** Adjacency: destination MAC and output port by destination address. */
    public static final int ADJACENCY = 21;
    /** Reverse translation of switched traffic of a private segment. */
    public static final int SWITCH_UNDNAT = 24;
    /** L2 switching of private segments: learned FDB, broadcast, unknown-unicast flood. */
    public static final int SWITCH = 25;

    /** All tables the pipeline writes, in packet order; a pipeline apply empties exactly these. */
    public static final List<Integer> ALL = List.of(INGRESS, CLASSIFY, ARP, ICMP, LISTENER, SLOTS, DNAT, UNDNAT,
            AFTER_UNDNAT, ROUTE, ADJACENCY, SWITCH_UNDNAT, SWITCH);

    /** Segment number, set by table 0. */
    public static final String SEGMENT_REG = "reg0";
    /** Conntrack zone of every listener's DNAT and its reversal. */
    public static final int CT_ZONE = 1;
    /** Priority and lifetime (s) of learned client adjacencies (table 21) and FDB entries (table 25). */
    public static final int LEARNED_ADJACENCY_PRIORITY = 90;
    public static final int LEARNED_FDB_PRIORITY = 100;
    public static final int LEARN_TIMEOUT_S = 300;
    /** Priority of a member's or hc port's adjacency flow in table 21. */
    public static final int MEMBER_ADJACENCY_PRIORITY = 100;

    private Tables() {
    }
}
