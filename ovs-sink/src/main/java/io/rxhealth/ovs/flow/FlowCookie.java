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
        return String.format("0x%016x", cookie);
    }
}
