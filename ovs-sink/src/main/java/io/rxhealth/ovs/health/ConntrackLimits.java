package io.rxhealth.ovs.health;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The host's conntrack table size and how long it keeps the two kinds of connection the health
 * checks leave behind, read from {@code /proc/sys/net/netfilter}. Empty when conntrack is not
 * loaded in this network namespace (nothing is tracked, so the health checks cost no entries).
 *
 * @param maxEntries       {@code nf_conntrack_max}
 * @param closeSeconds     {@code nf_conntrack_tcp_timeout_close}: a connection ended by a reset,
 *                         as every probe and poll ends (10 s by default)
 * @param synSentSeconds   {@code nf_conntrack_tcp_timeout_syn_sent}: a connection whose SYN was
 *                         never answered, as to a member that is gone (120 s by default)
 */
public record ConntrackLimits(long maxEntries, long closeSeconds, long synSentSeconds) {
    public static final Path PROC = Path.of("/proc/sys/net/netfilter");

    public ConntrackLimits {
        if (maxEntries < 0 || closeSeconds < 0 || synSentSeconds < 0) {
            throw new IllegalArgumentException("conntrack limits: " + maxEntries + ", " + closeSeconds + ", "
                    + synSentSeconds + " (expected: non-negative)");
        }
    }

    /**
     * Reads the three settings under {@code dir}; empty when a file is absent.
     *
     * @throws IOException when a file exists but cannot be read or does not hold a number
     */
    public static Optional<ConntrackLimits> read(Path dir) throws IOException {
        try {
            return Optional.of(new ConntrackLimits(number(dir.resolve("nf_conntrack_max")),
                    number(dir.resolve("nf_conntrack_tcp_timeout_close")),
                    number(dir.resolve("nf_conntrack_tcp_timeout_syn_sent"))));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    private static long number(Path file) throws IOException {
        // One read of the whole value: a sysctl file answers a read at a non-zero offset with EOF, and
        // Files.readString, seeing a size of 0, would read the first byte alone ("2" of "262144").
        String text;
        try (InputStream in = Files.newInputStream(file)) {
            text = new String(in.readNBytes(64), StandardCharsets.US_ASCII).trim();
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IOException(file + ": \"" + text + "\" (expected: a number)", e);
        }
    }
}
