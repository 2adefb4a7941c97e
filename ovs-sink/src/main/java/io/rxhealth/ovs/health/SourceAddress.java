package io.rxhealth.ovs.health;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.util.Optional;

/**
 * The local address probes and agent polls bind to: the node's hc address in the member's
 * segment, given as an IPv4 literal or as an interface name (looked up at every use, since an hc
 * interface may come up after the daemon). Absent means "let the kernel choose".
 */
public final class SourceAddress {
    private final String spec;
    private final InetAddress literal;

    private SourceAddress(String spec, InetAddress literal) {
        this.spec = spec;
        this.literal = literal;
    }

    /** {@code source} is an IPv4 literal, an interface name, or empty. */
    public static SourceAddress of(Optional<String> source) {
        if (source.isEmpty()) {
            return new SourceAddress(null, null);
        }
        String s = source.get();
        if (s.matches("[0-9.]+")) {
            try {
                // A literal: no name resolution happens.
                return new SourceAddress(s, InetAddress.getByName(s));
            } catch (IOException e) {
                throw new IllegalArgumentException("source: " + s + " (expected: an IPv4 address)", e);
            }
        }
        return new SourceAddress(s, null);
    }

    /** The address to bind, or {@code null} for "any". */
    public InetAddress resolve() throws IOException {
        if (spec == null || literal != null) {
            return literal;
        }
        NetworkInterface nif = NetworkInterface.getByName(spec);
        if (nif == null) {
            throw new IOException("source interface " + spec + ": not found");
        }
        return nif.inetAddresses().filter(a -> a instanceof Inet4Address).findFirst()
                .orElseThrow(() -> new IOException("source interface " + spec + ": no IPv4 address"));
    }

    @Override
    public String toString() {
        return spec == null ? "any" : spec;
    }
}
