package io.rxhealth.haproxy;

import static java.util.Objects.requireNonNull;

import io.netty.handler.ipfilter.IpFilterRuleType;
import io.netty.handler.ipfilter.IpSubnetFilterRule;
import io.netty.util.NetUtil;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * The source addresses allowed to connect to the agent-check port: IP addresses and CIDR ranges
 * (the HAProxy and LB nodes), or everyone when empty. Immutable and thread-safe; matching is
 * Netty's {@link IpSubnetFilterRule}, so no address arithmetic of our own.
 */
public final class SourceAllowList {
    /** Everyone may connect. */
    public static final SourceAllowList ANY = new SourceAllowList(List.of(), List.of());

    private static final String EXPECTED = "an IP address or CIDR range such as 10.0.0.5, 10.0.1.0/24 or fd00::/64";

    private final List<String> entries;
    private final List<IpSubnetFilterRule> rules;

    private SourceAllowList(List<String> entries, List<IpSubnetFilterRule> rules) {
        this.entries = entries;
        this.rules = rules;
    }

    /**
     * Parses {@code entries}; an empty list allows everyone.
     *
     * @throws IllegalArgumentException naming the first bad entry by index, e.g.
     *         {@code [1]: '10.0.0.0/33' (expected: an IP address or CIDR range ...)}
     */
    public static SourceAllowList parse(List<String> entries) {
        requireNonNull(entries, "entries");
        var rules = new ArrayList<IpSubnetFilterRule>(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            rules.add(rule(i, entries.get(i)));
        }
        return rules.isEmpty() ? ANY : new SourceAllowList(List.copyOf(entries), List.copyOf(rules));
    }

    private static IpSubnetFilterRule rule(int index, String entry) {
        String text = entry == null ? "" : entry.trim();
        int slash = text.indexOf('/');
        String address = slash < 0 ? text : text.substring(0, slash);
        boolean v4 = NetUtil.isValidIpV4Address(address);
        // Literals only: a host name here would mean a DNS lookup at start and a silent miss later.
        if (!v4 && !NetUtil.isValidIpV6Address(address)) {
            throw bad(index, entry);
        }
        int maxPrefix = v4 ? 32 : 128;
        int prefix = maxPrefix;
        if (slash >= 0) {
            String bits = text.substring(slash + 1);
            if (!bits.matches("\\d{1,3}") || Integer.parseInt(bits) > maxPrefix) {
                throw bad(index, entry);
            }
            prefix = Integer.parseInt(bits);
        }
        return new IpSubnetFilterRule(address, prefix, IpFilterRuleType.ACCEPT);
    }

    private static IllegalArgumentException bad(int index, String entry) {
        return new IllegalArgumentException("[" + index + "]: '" + entry + "' (expected: " + EXPECTED + ")");
    }

    /** Whether a connection from {@code source} may be served. */
    public boolean allows(InetSocketAddress source) {
        if (rules.isEmpty()) {
            return true;
        }
        for (IpSubnetFilterRule rule : rules) {
            if (rule.matches(source)) {
                return true;
            }
        }
        return false;
    }

    /** Whether every source is allowed (no list configured). */
    public boolean allowsAny() {
        return rules.isEmpty();
    }

    /** The entries as given. */
    public List<String> entries() {
        return entries;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SourceAllowList other && entries.equals(other.entries);
    }

    @Override
    public int hashCode() {
        return entries.hashCode();
    }

    @Override
    public String toString() {
        return rules.isEmpty() ? "any" : String.join(", ", entries);
    }
}
