package io.rxhealth.weighting.maglev;

import static java.util.Objects.requireNonNull;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An immutable slot table: slot {@code i} is owned by {@code owner(i)}, a member key, or by no one
 * ({@code null}) when the pool has no member with weight > 0. Owners are held as indexes into
 * {@link #keys()} (sorted), so a table of 65,536 slots costs 256 KiB, not 65,536 references.
 */
public final class SlotTable {
    private static final int NONE = -1;

    private final List<String> keys;
    private final int[] owners;
    private final String digest;

    /** {@code owners[i]} indexes {@code keys}, or is -1 for an unowned slot. Both are copied. */
    public SlotTable(List<String> keys, int[] owners) {
        this.keys = List.copyOf(requireNonNull(keys, "keys"));
        this.owners = owners.clone();
        for (int i = 0; i < this.owners.length; i++) {
            if (this.owners[i] < NONE || this.owners[i] >= this.keys.size()) {
                throw new IllegalArgumentException("owners[" + i + "]: " + this.owners[i]
                        + " (expected: -1.." + (this.keys.size() - 1) + ")");
            }
        }
        this.digest = computeDigest();
    }

    public int size() {
        return owners.length;
    }

    /** Member keys this table may refer to, sorted. */
    public List<String> keys() {
        return keys;
    }

    /** Owner key of {@code slot}, or {@code null} when the slot is unowned (fail-close). */
    public String owner(int slot) {
        int o = owners[slot];
        return o == NONE ? null : keys.get(o);
    }

    public boolean isEmpty() {
        for (int o : owners) {
            if (o != NONE) {
                return false;
            }
        }
        return true;
    }

    /** Slots held per member key, in key order; members holding no slots are listed with 0. */
    public Map<String, Integer> slotCounts() {
        int[] counts = new int[keys.size()];
        for (int o : owners) {
            if (o != NONE) {
                counts[o]++;
            }
        }
        Map<String, Integer> result = new LinkedHashMap<>();
        for (int i = 0; i < keys.size(); i++) {
            result.put(keys.get(i), counts[i]);
        }
        return result;
    }

    /**
     * SHA-256 over the serialised layout: one line per slot, {@code "<slot> <owner-key or ->\n"}.
     * Every LB node fed the same pool computes the same digest; it is logged on every apply.
     */
    public String digest() {
        return digest;
    }

    private String computeDigest() {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JDK", e);
        }
        byte[][] encodedKeys = new byte[keys.size()][];
        int longestKey = 1;
        for (int i = 0; i < keys.size(); i++) {
            encodedKeys[i] = keys.get(i).getBytes(StandardCharsets.UTF_8);
            longestKey = Math.max(longestKey, encodedKeys[i].length);
        }
        byte[] unowned = "-".getBytes(StandardCharsets.UTF_8);
        // Lines are gathered in a buffer: one update per slot would cost more than the hashing.
        byte[] buffer = new byte[Math.max(1 << 16, 2 * (longestKey + 12))];
        int used = 0;
        for (int slot = 0; slot < owners.length; slot++) {
            if (used + longestKey + 12 > buffer.length) {
                sha.update(buffer, 0, used);
                used = 0;
            }
            used = writeDecimal(slot, buffer, used);
            buffer[used++] = ' ';
            byte[] owner = owners[slot] == NONE ? unowned : encodedKeys[owners[slot]];
            System.arraycopy(owner, 0, buffer, used, owner.length);
            used += owner.length;
            buffer[used++] = '\n';
        }
        sha.update(buffer, 0, used);
        return HexFormat.of().formatHex(sha.digest());
    }

    /** ASCII decimal of a non-negative {@code value} at {@code at}; returns the index after it. */
    private static int writeDecimal(int value, byte[] buffer, int at) {
        int digits = 1;
        for (int rest = value; rest >= 10; rest /= 10) {
            digits++;
        }
        for (int i = at + digits - 1, rest = value; i >= at; i--, rest /= 10) {
            buffer[i] = (byte) ('0' + rest % 10);
        }
        return at + digits;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof SlotTable other)) {
            return false;
        }
        if (owners.length != other.owners.length) {
            return false;
        }
        for (int i = 0; i < owners.length; i++) {
            if (!java.util.Objects.equals(owner(i), other.owner(i))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return digest.hashCode();
    }

    @Override
    public String toString() {
        return "SlotTable[size=" + owners.length + ", members=" + keys.size() + ", digest="
                + digest.substring(0, 12) + "]";
    }

    int[] ownersView() {
        return owners;
    }

    static int[] filled(int size) {
        int[] owners = new int[size];
        Arrays.fill(owners, NONE);
        return owners;
    }
}
