package io.rxhealth.ovs.openflow;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * Which flows a read asks the switch for: one table, a cookie under a mask, and registers under
 * masks, matched loosely as OpenFlow's flow and aggregate statistics match (a flow is included
 * when its own match is at least as specific as the query's on every field the query names). A
 * value; {@link #text()} is the same query as {@code ovs-ofctl dump-flows} reads it.
 *
 * @param cookieMask the cookie bits that must equal {@code cookie}; 0: any cookie
 * @param match      registers that must hold their values under their masks
 */
public record FlowQuery(int table, long cookie, long cookieMask, List<MaskedRegister> match) {
    /** {@code regN=value/mask}: the bits of register {@code register} (0..15) set in {@code mask} equal {@code value}'s. */
    public record MaskedRegister(int register, long value, long mask) {
        public MaskedRegister {
            if (register < 0 || register > 15) {
                throw new IllegalArgumentException("register: " + register + " (expected: 0..15, reg0..reg15)");
            }
            if (mask <= 0 || mask >>> 32 != 0) {
                throw new IllegalArgumentException("mask: " + mask + " (expected: 1..0xffffffff)");
            }
            if (value < 0 || (value & ~mask) != 0) {
                throw new IllegalArgumentException("value: " + value + " (expected: bits of mask 0x"
                        + Long.toHexString(mask) + " only)");
            }
        }

        /** Every bit: {@code regN=value}. */
        public static MaskedRegister exact(int register, long value) {
            return new MaskedRegister(register, value, 0xffffffffL);
        }

        boolean exact() {
            return mask == 0xffffffffL;
        }
    }

    public FlowQuery {
        requireNonNull(match, "match");
        match = List.copyOf(match);
        if (table < 0 || table > 254) {
            throw new IllegalArgumentException("table: " + table + " (expected: 0..254)");
        }
        if ((cookie & ~cookieMask) != 0) {
            throw new IllegalArgumentException("cookie: 0x" + Long.toHexString(cookie) + " (expected: bits of mask 0x"
                    + Long.toHexString(cookieMask) + " only)");
        }
        for (int i = 0; i < match.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (match.get(i).register() == match.get(j).register()) {
                    throw new IllegalArgumentException("match: reg" + match.get(i).register()
                            + " twice (expected: each register once)");
                }
            }
        }
    }

    /** Every flow of {@code table}. */
    public static FlowQuery table(int table) {
        return new FlowQuery(table, 0, 0, List.of());
    }

    /** The flows of {@code table} whose cookie has {@code cookie}'s bits under {@code mask}. */
    public static FlowQuery cookie(int table, long cookie, long mask) {
        return new FlowQuery(table, cookie, mask, List.of());
    }

    /** The flows of {@code table} matching {@code match}, any cookie. */
    public static FlowQuery match(int table, List<MaskedRegister> match) {
        return new FlowQuery(table, 0, 0, match);
    }

    /** {@code table=11,reg3=7,reg1=0x40/0xffc0,cookie=0x7000000000000/0xffff000000000000}: ovs-ofctl's form. */
    public String text() {
        StringBuilder text = new StringBuilder("table=").append(table);
        for (MaskedRegister m : match) {
            text.append(",reg").append(m.register()).append('=');
            if (m.exact()) {
                text.append(m.value());
            } else {
                text.append("0x").append(Long.toHexString(m.value())).append("/0x").append(Long.toHexString(m.mask()));
            }
        }
        if (cookieMask != 0) {
            text.append(",cookie=0x").append(Long.toHexString(cookie)).append("/0x").append(Long.toHexString(cookieMask));
        }
        return text.toString();
    }
}
