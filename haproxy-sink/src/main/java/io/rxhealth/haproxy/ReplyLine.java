package io.rxhealth.haproxy;

/** Validation of one agent-check reply line before it is published. Pure; no state. */
final class ReplyLine {
    /** Longest accepted line, newline included; HAProxy's check buffer is far larger. */
    static final int MAX_LENGTH = 1024;

    private ReplyLine() {
    }

    /**
     * Returns {@code line} if it is one printable-ASCII line ending in a single {@code \n};
     * throws otherwise. HAProxy ignores a line without a newline ("Ignoring incomplete line from
     * agent") and stops at the first {@code \r} or {@code \n}, so anything after it would be lost.
     */
    static String requireValid(String line) {
        if (line == null) {
            throw new IllegalArgumentException("reply: null (expected: one line ending with \\n)");
        }
        if (line.isEmpty() || line.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("reply: " + quote(line) + " is " + line.length()
                    + " chars (expected: 1.." + MAX_LENGTH + ", newline included)");
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
            if ((c < 0x20 && c != '\t') || c > 0x7e) {
                throw new IllegalArgumentException("reply: " + quote(line) + " has char 0x"
                        + Integer.toHexString(c) + " at " + i + " (expected: printable ASCII or tab)");
            }
        }
        return line;
    }

    /** Shows a line in an error message with control and non-ASCII characters escaped, shortened. */
    static String quote(String line) {
        var out = new StringBuilder(Math.min(line.length(), 80) + 8).append('"');
        for (int i = 0; i < line.length(); i++) {
            if (out.length() >= 80) {
                out.append("...");
                break;
            }
            char c = line.charAt(i);
            switch (c) {
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '"', '\\' -> out.append('\\').append(c);
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
