package io.rxhealth.ovs.openflow;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Set;

/**
 * One flow mod of the kind the slot table is made of, as a value: a command on one table, a match
 * on packet registers ({@code NXM_NX_REG0..15}), a cookie, flags, and the actions {@code set_field}
 * of registers then {@code goto_table} (none of either: {@code drop}). The one source of a bundle
 * line: {@link #text()} gives it to {@code ovs-ofctl bundle}, {@link Of14Encoder} to an OpenFlow
 * 1.4 channel, and tests pin that both say the same.
 *
 * @param priority  ignored by a non-strict {@link Command#DELETE} (not written in its text)
 * @param match     registers that must hold the values, in the order the text shows them
 * @param gotoTable the table a matching packet continues in, -1 for none
 */
public record FlowMod(Command command, int table, int priority, List<RegisterMatch> match, long cookie,
                      Set<Flag> flags, List<RegisterLoad> loads, int gotoTable) {
    /** What the flow mod does; the name is ovs-ofctl's bundle keyword, the code OpenFlow's. */
    public enum Command {
        ADD("add", 0),
        DELETE("delete", 3),
        DELETE_STRICT("delete_strict", 4);

        final String keyword;
        final int code;

        Command(String keyword, int code) {
            this.keyword = keyword;
            this.code = code;
        }
    }

    /** Flow mod flags (OpenFlow 1.3+ {@code ofp_flow_mod_flags}), in the order the text shows them. */
    public enum Flag {
        /** Refuse the add if it overlaps a flow of the same priority ({@code OFPFMFC_OVERLAP}). */
        CHECK_OVERLAP("check_overlap", 1 << 1),
        /** Start the counters from zero when the add replaces a flow (OVS hands them over otherwise). */
        RESET_COUNTS("reset_counts", 1 << 2);

        final String keyword;
        final int bit;

        Flag(String keyword, int bit) {
            this.keyword = keyword;
            this.bit = bit;
        }
    }

    /** {@code regN=value}: register {@code register} (0..15) holds {@code value} (unsigned 32 bits). */
    public record RegisterMatch(int register, long value) {
        public RegisterMatch {
            checkRegister(register);
            checkValue("match value", value, 32);
        }
    }

    /**
     * {@code set_field:value->regN}: writes the whole 32-bit register; {@code bits} (16 or 32) is
     * the width of the value it carries (a port, an address), which the text's hex digits show.
     */
    public record RegisterLoad(int register, long value, int bits) {
        public RegisterLoad {
            checkRegister(register);
            if (bits != 16 && bits != 32) {
                throw new IllegalArgumentException("bits: " + bits + " (expected: 16 or 32)");
            }
            checkValue("set_field value", value, bits);
        }
    }

    public FlowMod {
        requireNonNull(command, "command");
        match = List.copyOf(match);
        flags = flags.isEmpty() ? Set.of() : Set.copyOf(flags);
        loads = List.copyOf(loads);
        if (table < 0 || table > 254) {
            throw new IllegalArgumentException("table: " + table + " (expected: 0..254)");
        }
        if (priority < 0 || priority > 0xffff) {
            throw new IllegalArgumentException("priority: " + priority + " (expected: 0..65535)");
        }
        if (gotoTable != -1 && (gotoTable <= table || gotoTable > 254)) {
            throw new IllegalArgumentException("goto_table: " + gotoTable + " (expected: -1 or " + (table + 1)
                    + "..254, a later table)");
        }
    }

    /** An add; no loads and no goto table is {@code actions=drop}. */
    public static FlowMod add(int table, int priority, List<RegisterMatch> match, long cookie, Set<Flag> flags,
                              List<RegisterLoad> loads, int gotoTable) {
        return new FlowMod(Command.ADD, table, priority, match, cookie, flags, loads, gotoTable);
    }

    /** A non-strict delete: every flow of {@code table} whose match includes {@code match}, any priority. */
    public static FlowMod delete(int table, List<RegisterMatch> match) {
        return new FlowMod(Command.DELETE, table, 0x8000, match, 0, Set.of(), List.of(), -1);
    }

    /** A strict delete: the one flow of exactly this match and priority. */
    public static FlowMod deleteStrict(int table, int priority, List<RegisterMatch> match) {
        return new FlowMod(Command.DELETE_STRICT, table, priority, match, 0, Set.of(), List.of(), -1);
    }

    /**
     * The line of an {@code ovs-ofctl bundle} file, e.g. {@code flow add table=11,priority=100,
     * reg3=7,reg1=2,cookie=0x00070a1e00031f90,reset_counts actions=set_field:0x0a1e0003->reg2,
     * set_field:0x1f90->reg4,goto_table:12}. The cookie is written when not 0, the actions for an
     * add only.
     */
    public String text() {
        StringBuilder line = new StringBuilder(160).append("flow ").append(command.keyword).append(" table=").append(table);
        if (command != Command.DELETE) {
            line.append(",priority=").append(priority);
        }
        for (RegisterMatch m : match) {
            line.append(",reg").append(m.register()).append('=').append(m.value());
        }
        if (cookie != 0) {
            line.append(",cookie=").append(hex(cookie, 16));
        }
        for (Flag flag : Flag.values()) {
            if (flags.contains(flag)) {
                line.append(',').append(flag.keyword);
            }
        }
        if (command != Command.ADD) {
            return line.toString();
        }
        line.append(" actions=");
        if (loads.isEmpty() && gotoTable < 0) {
            return line.append("drop").toString();
        }
        String comma = "";
        for (RegisterLoad load : loads) {
            line.append(comma).append("set_field:").append(hex(load.value(), load.bits() / 4)).append("->reg")
                    .append(load.register());
            comma = ",";
        }
        if (gotoTable >= 0) {
            line.append(comma).append("goto_table:").append(gotoTable);
        }
        return line.toString();
    }

    /** {@code 0x} and the low {@code digits} hex digits of {@code value}, zero-padded; no Formatter per flow. */
    public static String hex(long value, int digits) {
        char[] text = new char[digits + 2];
        text[0] = '0';
        text[1] = 'x';
        for (int i = digits + 1; i >= 2; i--) {
            text[i] = Character.forDigit((int) (value & 0xf), 16);
            value >>>= 4;
        }
        return new String(text);
    }

    private static void checkRegister(int register) {
        if (register < 0 || register > 15) {
            throw new IllegalArgumentException("register: " + register + " (expected: 0..15, reg0..reg15)");
        }
    }

    private static void checkValue(String what, long value, int bits) {
        if (value < 0 || value >>> bits != 0) {
            throw new IllegalArgumentException(what + ": " + value + " (expected: 0.." + ((1L << bits) - 1) + ")");
        }
    }
}
