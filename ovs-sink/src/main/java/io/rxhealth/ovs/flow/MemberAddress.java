package io.rxhealth.ovs.flow;

/**
 * A pool member's IPv4 address and TCP port as a slot flow writes them into reg2 and reg4.
 * Parsed from a member key {@code a.b.c.d:port} in canonical form (no leading zeros), so that
 * {@link #key()} gives back exactly the key the layout used and read-back compares equal.
 */
record MemberAddress(int ipv4, int port) {
    MemberAddress {
        if (port < 1 || port > 0xffff) {
            throw new IllegalArgumentException("port: " + port + " (expected: 1..65535)");
        }
    }

    static MemberAddress parse(String key) {
        int colon = key.lastIndexOf(':');
        String[] octets = colon < 0 ? new String[0] : key.substring(0, colon).split("\\.", -1);
        if (octets.length != 4) {
            throw invalid(key);
        }
        int address = 0;
        for (String octet : octets) {
            int value = decimal(octet, 255, key);
            address = (address << 8) | value;
        }
        int port = decimal(key.substring(colon + 1), 0xffff, key);
        if (port == 0) {
            throw invalid(key);
        }
        return new MemberAddress(address, port);
    }

    /** The member key, {@code a.b.c.d:port}. */
    String key() {
        return (ipv4 >>> 24) + "." + ((ipv4 >>> 16) & 0xff) + "." + ((ipv4 >>> 8) & 0xff) + "."
                + (ipv4 & 0xff) + ":" + port;
    }

    private static int decimal(String digits, int max, String key) {
        if (digits.isEmpty() || digits.length() > 5 || (digits.length() > 1 && digits.charAt(0) == '0')) {
            throw invalid(key);
        }
        int value = 0;
        for (int i = 0; i < digits.length(); i++) {
            char c = digits.charAt(i);
            if (c < '0' || c > '9') {
                throw invalid(key);
            }
            value = value * 10 + (c - '0');
        }
        if (value > max) {
            throw invalid(key);
        }
        return value;
    }

    private static IllegalArgumentException invalid(String key) {
        return new IllegalArgumentException("member key: '" + key
                + "' (expected: IPv4 address:port without leading zeros, e.g. 10.20.0.2:8080)");
    }
}
