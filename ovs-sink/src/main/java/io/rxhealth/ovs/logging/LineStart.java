package io.rxhealth.ovs.logging;

import ch.qos.logback.core.PropertyDefinerBase;
import io.rxhealth.weighting.logs.LogLine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The start of each log line, for logback.xml: the level, after the time unless journald stamps
 * the line itself, by the rule the agent follows too ({@link LogLine}). The level is part of it
 * because logback trims a defined value, and the blank after the time would go. Read once, while
 * logback reads its configuration.
 */
public final class LineStart extends PropertyDefinerBase {
    @Override
    public String getPropertyValue() {
        return pattern(System.getenv("JOURNAL_STREAM"), stderrTarget());
    }

    /** The logback pattern of the line's start: {@code [%d{time} ]%level}. */
    static String pattern(String journalStream, String stderrTarget) {
        return LogLine.stampedByJournal(journalStream, stderrTarget) ? "%level"
                : "%d{" + LogLine.TIME_FORMAT + "} %level";
    }

    private static String stderrTarget() {
        try {
            return Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }
}
