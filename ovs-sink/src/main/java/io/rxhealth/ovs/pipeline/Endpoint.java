package io.rxhealth.ovs.pipeline;

import static java.util.Objects.requireNonNull;

/** A pool member: IPv4 address and TCP port; {@link #key()} is its Maglev member key. */
public record Endpoint(Ipv4 address, int port) {
    public Endpoint {
        requireNonNull(address, "address");
        if (port < 1 || port > 0xffff) {
            throw new IllegalArgumentException("port: " + port + " (expected: 1..65535)");
        }
    }

    /** Parses {@code a.b.c.d:port}. */
    public static Endpoint parse(String key) {
        int colon = key == null ? -1 : key.lastIndexOf(':');
        String digits = colon < 0 ? "" : key.substring(colon + 1);
        if (digits.isEmpty() || digits.length() > 5 || digits.charAt(0) == '0'
                || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException("member: '" + key + "' (expected: a.b.c.d:port, e.g. 10.20.0.2:8080)");
        }
        return new Endpoint(Ipv4.parse(key.substring(0, colon), "member " + key), Integer.parseInt(digits));
    }

    /** {@code a.b.c.d:port}, the key Maglev lays out and table 11's cookie encodes. */
    public String key() {
        return address + ":" + port;
    }
}
