package io.rxhealth.ovs.health;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.time.Duration;

/**
 * The local address probes and agent polls bind to: the node's hc address in the member's
 * segment, given as an IPv4 literal or as an interface name. Absent means "let the kernel choose".
 *
 * <p>An interface is looked up again once its last lookup is {@link #INTERFACE_TTL} old, so an hc
 * interface may come up (or change address) after the daemon started. Not at every use: the JDK's
 * lookup lists every interface of the node, about 0.25 ms more per probe than a literal with 100
 * interfaces (311 against 57 us, docs/PERFORMANCE.md), and 10,000 members make 10,000 probes and
 * polls a second. {@link SourceAddresses} gives all members naming one interface one instance,
 * hence one lookup per interface per second.
 */
public final class SourceAddress {
    /** How long an interface's address (or its absence) is taken as known. */
    public static final Duration INTERFACE_TTL = Duration.ofSeconds(1);
    private static final SourceAddress ANY = new SourceAddress(null, null, null, null);

    /** Finds an interface's IPv4 address, or fails with a message naming it. */
    @FunctionalInterface
    interface Lookup {
        InetAddress address(String interfaceName) throws IOException;
    }

    private record Resolved(InetAddress address, String failure, long at) {
    }

    private final String spec;
    private final InetAddress literal;
    private final Ticker ticker;
    private final Lookup lookup;
    private volatile Resolved last;

    private SourceAddress(String spec, InetAddress literal, Ticker ticker, Lookup lookup) {
        this.spec = spec;
        this.literal = literal;
        this.ticker = ticker;
        this.lookup = lookup;
    }

    /** Lets the kernel choose. */
    static SourceAddress any() {
        return ANY;
    }

    /** An IPv4 literal: no name resolution happens. */
    static SourceAddress literal(String s) {
        try {
            return new SourceAddress(s, InetAddress.getByName(s), null, null);
        } catch (IOException e) {
            throw new IllegalArgumentException("source: " + s + " (expected: an IPv4 address)", e);
        }
    }

    /** An interface looked up with {@code lookup}, again once the last lookup is {@link #INTERFACE_TTL} old by {@code ticker}. */
    static SourceAddress forInterface(String name, Ticker ticker, Lookup lookup) {
        return new SourceAddress(requireNonNull(name, "name"), null, requireNonNull(ticker, "ticker"),
                requireNonNull(lookup, "lookup"));
    }

    /** The address to bind, or {@code null} for "any". */
    public InetAddress resolve() throws IOException {
        if (spec == null || literal != null) {
            return literal;
        }
        long now = ticker.nanos();
        Resolved r = last;
        if (r == null || now - r.at() >= INTERFACE_TTL.toNanos()) {
            try {
                r = new Resolved(lookup.address(spec), null, now);
            } catch (IOException e) {
                r = new Resolved(null, e.getMessage(), now);
            }
            // Racing lookups of one interface both store a fresh answer: either is right.
            last = r;
        }
        if (r.failure() != null) {
            throw new IOException(r.failure());
        }
        return r.address();
    }

    static InetAddress ipv4Of(String name) throws IOException {
        NetworkInterface nif = NetworkInterface.getByName(name);
        if (nif == null) {
            throw new IOException("source interface " + name + ": not found");
        }
        return nif.inetAddresses().filter(a -> a instanceof Inet4Address).findFirst()
                .orElseThrow(() -> new IOException("source interface " + name + ": no IPv4 address"));
    }

    @Override
    public String toString() {
        return spec == null ? "any" : spec;
    }
}
