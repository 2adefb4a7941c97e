package io.rxhealth.weighting.maglev;

import java.nio.charset.StandardCharsets;

/**
 * The hash functions the layout is built from, specified bit for bit so that every JVM and machine
 * computes the same table ({@code String.hashCode} and {@code Random} are never used): FNV-1a 64
 * over UTF-8 bytes, finished by the SplitMix64 mixer.
 */
final class Hashing {
    /** 2^64 / golden ratio, odd: the SplitMix64 increment. */
    static final long GOLDEN = 0x9E3779B97F4A7C15L;
    static final long SALT_OFFSET = 0x9E3779B97F4A7C15L;
    static final long SALT_SKIP = 0xC2B2AE3D27D4EB4FL;
    static final long SALT_RANK = 0x165667B19E3779F9L;
    static final long SALT_SLOT = 0x27D4EB2F165667C5L;

    /** Slot numbers must fit the low bits of a rank key; see {@link #rankKey}. */
    static final int SLOT_BITS = 24;
    private static final long SLOT_MASK = (1L << SLOT_BITS) - 1;

    private Hashing() {
    }

    /** FNV-1a 64 over UTF-8 of {@code poolId}, NUL, {@code key}; then {@link #mix} of that plus {@code salt}. */
    static long hash(String poolId, String key, long salt) {
        long h = 0xcbf29ce484222325L;
        for (byte b : (poolId + '\0' + key).getBytes(StandardCharsets.UTF_8)) {
            h ^= (b & 0xff);
            h *= 0x100000001b3L;
        }
        return mix(h + salt);
    }

    /** The SplitMix64 finaliser (Steele, Lea, Flood 2014). */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** A per-slot value derived from a member's or the pool's {@code seed}. */
    static long slotHash(long seed, int slot) {
        return mix(seed + (slot + 1L) * GOLDEN);
    }

    /**
     * How much the member with {@code seed} wants {@code slot}: higher is preferred. Non-negative,
     * and distinct for distinct slots (the slot sits in the low {@value #SLOT_BITS} bits), so sorting
     * these keys is a total order with no ties to break.
     */
    static long rankKey(long seed, int slot) {
        return ((slotHash(seed, slot) >>> 1) & ~SLOT_MASK) | slot;
    }

    static int slotOf(long rankKey) {
        return (int) (rankKey & SLOT_MASK);
    }
}
