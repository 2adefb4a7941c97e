package io.rxhealth.ovs.pipeline;

/** One flow in {@code ovs-ofctl add-flow} syntax: {@code table=T,priority=P,MATCH actions=ACTIONS}. */
final class Flow {
    private Flow() {
    }

    static String of(int table, int priority, String match, String actions) {
        return "table=" + table + ",priority=" + priority + (match.isEmpty() ? "" : "," + match) + " actions=" + actions;
    }

    /** The lowest-priority flow of a table: whatever no other flow takes is dropped (and counted). */
    static String drop(int table) {
        return of(table, 0, "", "drop");
    }

    static String next(int table) {
        return "goto_table:" + table;
    }
}
