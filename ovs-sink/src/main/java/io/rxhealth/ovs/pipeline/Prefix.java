package io.rxhealth.ovs.pipeline;

/** An IPv4 prefix {@code a.b.c.d/len} whose host bits are zero. */
public record Prefix(Ipv4 network, int length) {
    public Prefix {
        if (length < 0 || length > 32) {
            throw new IllegalArgumentException("prefix length: " + length + " (expected: 0..32)");
        }
        if ((network.value() & ~mask(length)) != 0) {
            throw new IllegalArgumentException("prefix: " + network + "/" + length + " (expected: host bits zero)");
        }
    }

    /** Parses {@code a.b.c.d/len}; {@code what} names the value in the error message. */
    public static Prefix parse(String text, String what) {
        int slash = text == null ? -1 : text.indexOf('/');
        if (slash < 0) {
            throw new IllegalArgumentException(what + ": '" + text + "' (expected: a prefix a.b.c.d/len)");
        }
        String len = text.substring(slash + 1);
        if (len.isEmpty() || len.length() > 2 || !len.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException(what + ": '" + text + "' (expected: a prefix a.b.c.d/len)");
        }
        try {
            return new Prefix(Ipv4.parse(text.substring(0, slash), what), Integer.parseInt(len));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": '" + text + "' (expected: a prefix a.b.c.d/0..32 with host bits zero)", e);
        }
    }

    public boolean contains(Ipv4 address) {
        return (address.value() & mask(length)) == network.value();
    }

    public boolean overlaps(Prefix other) {
        int shorter = Math.min(length, other.length);
        return (network.value() & mask(shorter)) == (other.network.value() & mask(shorter));
    }

    @Override
    public String toString() {
        return network + "/" + length;
    }

    private static int mask(int length) {
        return length == 0 ? 0 : -1 << (32 - length);
    }
}
