package io.rxhealth.ovs.flow;

/**
 * The cookie of a slot flow: {@code pool:16 | IPv4:32 | port:16}, so that per-member packet
 * counters can be summed from dump-flows without knowing the layout. The fail-close flow has
 * cookie 0, which no slot flow can have (pools start at 1).
 */
final class FlowCookie {
    private FlowCookie() {
    }

    static long of(int pool, MemberAddress member) {
        return ((long) pool << 48) | ((member.ipv4() & 0xffffffffL) << 16) | member.port();
    }

    static int pool(long cookie) {
        return (int) (cookie >>> 48);
    }

    static String hex(long cookie) {
        return hex(cookie, 16);
    }

    /** {@code 0x} and the low {@code digits} hex digits of {@code value}, zero-padded; no Formatter per flow. */
    static String hex(long value, int digits) {
        char[] text = new char[digits + 2];
        text[0] = '0';
        text[1] = 'x';
        for (int i = digits + 1; i >= 2; i--) {
            text[i] = Character.forDigit((int) (value & 0xf), 16);
            value >>>= 4;
        }
        return new String(text);
    }
}
