package io.rxhealth.weighting.logs;

import java.util.regex.Pattern;

/**
 * The one log line of both programs, whichever library writes it (slf4j-simple in the agent,
 * for its memory budget; logback in the LB daemon): {@code [time ]LEVEL Class - message}, the
 * time ISO-8601 to the millisecond with its offset, left out where journald stamps the line
 * itself. Each program's logging setup follows this; {@link #SHAPE} is what their tests hold
 * a written line to.
 */
public final class LogLine {
    /** The time, in the letters both SimpleDateFormat (slf4j-simple) and logback's %d read alike. */
    public static final String TIME_FORMAT = "yyyy-MM-dd'T'HH:mm:ss.SSSXXX";

    /** A whole line as either program writes it, without its line end. */
    public static final Pattern SHAPE = Pattern.compile(
            "(?:\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}(?:Z|[+-]\\d\\d:\\d\\d) )?"
                    + "(?:ERROR|WARN|INFO|DEBUG|TRACE) [A-Za-z_$][A-Za-z0-9_$]* - .*");

    private LogLine() {
    }

    /**
     * Whether journald stamps each line, so the program writes no time of its own: as
     * systemd.exec(5) says, {@code JOURNAL_STREAM} ({@code DEVICE:INODE}) names the socket that
     * stderr is, which a child started with other streams does not share.
     *
     * @param journalStream the value of {@code JOURNAL_STREAM}, null if unset
     * @param stderrTarget  the target of {@code /proc/self/fd/2} (e.g. {@code socket:[41772]}), null if unknown
     */
    public static boolean stampedByJournal(String journalStream, String stderrTarget) {
        if (journalStream == null || stderrTarget == null) {
            return false;
        }
        int colon = journalStream.indexOf(':');
        return colon > 0 && stderrTarget.equals("socket:[" + journalStream.substring(colon + 1) + "]");
    }
}
