package io.rxhealth.ovs.pipeline;

/** An IPv4 address as a 32-bit value; parses and prints the dotted quad without leading zeros. */
public record Ipv4(int value) implements Comparable<Ipv4> {
    /** Parses {@code a.b.c.d}; {@code what} names the value in the error message. */
    public static Ipv4 parse(String text, String what) {
        String[] octets = text == null ? new String[0] : text.split("\\.", -1);
        if (octets.length != 4) {
            throw invalid(text, what);
        }
        int value = 0;
        for (String octet : octets) {
            if (octet.isEmpty() || octet.length() > 3 || (octet.length() > 1 && octet.charAt(0) == '0')
                    || !octet.chars().allMatch(c -> c >= '0' && c <= '9')) {
                throw invalid(text, what);
            }
            int n = Integer.parseInt(octet);
            if (n > 255) {
                throw invalid(text, what);
            }
            value = (value << 8) | n;
        }
        return new Ipv4(value);
    }

    /** The value as OpenFlow prints a 32-bit register: {@code 0x0a140002}. */
    public String hex() {
        return String.format("0x%08x", value);
    }

    @Override
    public int compareTo(Ipv4 other) {
        return Integer.compareUnsigned(value, other.value);
    }

    @Override
    public String toString() {
        return (value >>> 24) + "." + ((value >>> 16) & 0xff) + "." + ((value >>> 8) & 0xff) + "." + (value & 0xff);
    }

    private static IllegalArgumentException invalid(String text, String what) {
        return new IllegalArgumentException(what + ": '" + text + "' (expected: an IPv4 address a.b.c.d)");
    }
}
