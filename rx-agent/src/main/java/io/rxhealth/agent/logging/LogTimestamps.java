package io.rxhealth.agent.logging;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Whether the agent's log lines carry their own time. Under systemd with stderr going to the
 * journal, journald stamps every line, so the agent adds none; anywhere else (by hand, under
 * another supervisor) each line starts with its ISO-8601 time. The journal is recognised as
 * systemd.exec(5) says: {@code JOURNAL_STREAM} names the socket that is stderr, which a child
 * started with other streams does not have.
 *
 * <p>Decided before slf4j-simple starts, and it matters for memory too: slf4j-simple formats
 * times with a SimpleDateFormat, and building one makes the JDK load the data of every locale
 * (~0.3 MB of heap and ~1.1 MiB of RSS for good, docs/PERFORMANCE.md).
 */
public final class LogTimestamps {
    static final String SHOW = "org.slf4j.simpleLogger.showDateTime";
    static final String FORMAT = "org.slf4j.simpleLogger.dateTimeFormat";
    static final String ISO_8601 = "yyyy-MM-dd'T'HH:mm:ss.SSSXXX";

    private LogTimestamps() {
    }

    /** Sets slf4j-simple's time properties the operator did not set with -D. */
    public static void configure() {
        properties(System.getenv("JOURNAL_STREAM"), stderrTarget())
                .forEach((key, value) -> {
                    if (System.getProperty(key) == null) {
                        System.setProperty(key, value);
                    }
                });
    }

    /**
     * The properties for stderr at {@code stderrTarget} (the link /proc/self/fd/2, e.g.
     * {@code socket:[41772]}; null if unknown) with {@code journalStream} the value of
     * JOURNAL_STREAM ({@code DEVICE:INODE}; null if unset).
     */
    static Map<String, String> properties(String journalStream, String stderrTarget) {
        if (toJournal(journalStream, stderrTarget)) {
            return Map.of(SHOW, "false");
        }
        return Map.of(SHOW, "true", FORMAT, ISO_8601);
    }

    private static boolean toJournal(String journalStream, String stderrTarget) {
        if (journalStream == null || stderrTarget == null) {
            return false;
        }
        int colon = journalStream.indexOf(':');
        return colon > 0 && stderrTarget.equals("socket:[" + journalStream.substring(colon + 1) + "]");
    }

    private static String stderrTarget() {
        try {
            return Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }
}
