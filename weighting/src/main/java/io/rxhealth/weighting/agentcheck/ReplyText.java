package io.rxhealth.weighting.agentcheck;

/**
 * The one rule for the characters of an agent reply line we send (docs/agent-check.md, "What we
 * send"): printable ASCII ({@code 0x20..0x7e}) only, then one {@code \n}, at most
 * {@value #MAX_LINE} chars. The formatter cleans reason text into it and the agent-check server
 * refuses any line outside it, so a reason can never end the line early (CR, LF), cut it (NUL:
 * HAProxy then ignores the whole line as incomplete) or reach HAProxy's logs as a raw byte. Pure.
 */
public final class ReplyText {
    /** Longest line, newline included; HAProxy's check buffer is far larger. */
    public static final int MAX_LINE = 1024;
    /** Longest description we send; HAProxy shows it in its stats and logs. */
    public static final int MAX_DESCRIPTION = 200;

    private ReplyText() {
    }

    /** True for the characters a reply line may hold before its {@code \n}. */
    public static boolean isLineChar(char c) {
        return c >= 0x20 && c <= 0x7e;
    }

    /**
     * Reason text made fit for after {@code # }: every run of whitespace (tabs, CR, LF included)
     * becomes one space, leading and trailing whitespace goes, any other character outside
     * {@link #isLineChar} becomes {@code ?}, and text over {@value #MAX_DESCRIPTION} chars is cut
     * to end in {@code ...}.
     */
    public static String description(CharSequence text) {
        StringBuilder clean = new StringBuilder(Math.min(text.length(), MAX_DESCRIPTION + 1));
        boolean space = false;
        for (int i = 0; i < text.length() && clean.length() <= MAX_DESCRIPTION; i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c) || Character.isSpaceChar(c)) {
                space = clean.length() > 0;
                continue;
            }
            if (space) {
                clean.append(' ');
                space = false;
            }
            clean.append(isLineChar(c) ? c : '?');
        }
        if (clean.length() > MAX_DESCRIPTION) {
            clean.setLength(MAX_DESCRIPTION - 3);
            clean.append("...");
        }
        return clean.toString();
    }

    /**
     * Returns {@code line} if it is one reply line by this rule: 1..{@value #MAX_LINE} chars
     * newline included, {@link #isLineChar} chars, then one {@code \n}. Throws otherwise, with a
     * one-line message naming the line (escaped, shortened) and what was expected.
     */
    public static String requireLine(String line) {
        if (line == null) {
            throw new IllegalArgumentException("reply: null (expected: one line ending with \\n)");
        }
        if (line.isEmpty() || line.length() > MAX_LINE) {
            throw new IllegalArgumentException("reply: " + quote(line) + " is " + line.length()
                    + " chars (expected: 1.." + MAX_LINE + ", newline included)");
        }
        int last = line.length() - 1;
        if (line.charAt(last) != '\n') {
            throw new IllegalArgumentException("reply: " + quote(line) + " (expected: a line ending with \\n)");
        }
        for (int i = 0; i < last; i++) {
            char c = line.charAt(i);
            if (c == '\n' || c == '\r') {
                throw new IllegalArgumentException("reply: " + quote(line)
                        + " has a line break at " + i + " (expected: exactly one line)");
            }
            if (!isLineChar(c)) {
                throw new IllegalArgumentException("reply: " + quote(line) + " has char 0x"
                        + Integer.toHexString(c) + " at " + i + " (expected: printable ASCII)");
            }
        }
        return line;
    }

    /** Shows text in a message: control and non-ASCII characters escaped, at most ~80 chars. */
    public static String quote(CharSequence text) {
        var out = new StringBuilder(Math.min(text.length(), 80) + 8).append('"');
        for (int i = 0; i < text.length(); i++) {
            if (out.length() >= 80) {
                out.append("...");
                break;
            }
            char c = text.charAt(i);
            switch (c) {
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '"', '\\' -> out.append('\\').append(c);
                default -> {
                    if (isLineChar(c)) {
                        out.append(c);
                    } else {
                        out.append(String.format("\\u%04x", (int) c));
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
