package io.rxhealth.haproxy;

import io.rxhealth.weighting.agentcheck.ReplyText;

/**
 * Validation of one agent-check reply line before it is published: the reply-text rule of
 * {@link ReplyText}, the same one the formatter cleans reasons into. Pure; no state.
 */
final class ReplyLine {
    /** Longest accepted line, newline included. */
    static final int MAX_LENGTH = ReplyText.MAX_LINE;

    private ReplyLine() {
    }

    /**
     * Returns {@code line} if it is one printable-ASCII line ending in a single {@code \n};
     * throws otherwise. HAProxy ignores a line without a newline ("Ignoring incomplete line from
     * agent"), stops at the first {@code \r} or {@code \n} and treats a NUL as the end of what it
     * received, so anything after such a character would be lost or the whole line ignored.
     */
    static String requireValid(String line) {
        return ReplyText.requireLine(line);
    }
}
