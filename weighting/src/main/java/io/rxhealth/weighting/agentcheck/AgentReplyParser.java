package io.rxhealth.weighting.agentcheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Parses agent-check replies with HAProxy 2.6 semantics ({@code tcpcheck_agent_expect_reply()} in
 * HAProxy's src/tcpcheck.c): words separated by spaces, tabs or commas, keywords case-insensitive
 * in ASCII only, the last word of a category wins, a word starting with {@code #} starts the
 * description, a weight word other than {@code <digits>%} is rejected whole, and a NUL before the
 * line end makes the line incomplete. Pure. The contract it follows, as measured on HAProxy 2.6:
 * docs/agent-check.md.
 */
public final class AgentReplyParser {
    /** HAProxy clamps a percentage before scaling to avoid an integer overflow. */
    static final int MAX_PERCENT = 25_600;

    private AgentReplyParser() {
    }

    /** What HAProxy reports for a reply without a line end before its first NUL. */
    public static final String INCOMPLETE = "Ignoring incomplete line from agent";

    /**
     * The first line of what an agent sent: the text before the first {@code \r} or {@code \n}, or
     * empty when there is no line terminator (HAProxy: "Ignoring incomplete line from agent"). A
     * NUL before the terminator also makes the line incomplete: HAProxy reads the buffer as a C
     * string, so for it the reply ends there without a line end.
     */
    public static Optional<String> firstLine(CharSequence received) {
        for (int i = 0; i < received.length(); i++) {
            char c = received.charAt(i);
            if (c == '\r' || c == '\n') {
                return Optional.of(received.subSequence(0, i).toString());
            }
            if (c == '\0') {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /**
     * Parses one line; anything from the first {@code \r} or {@code \n} on is ignored. A line with
     * a NUL before that point is incomplete for HAProxy: it changes nothing, whatever the words
     * before the NUL say, and its one error is {@link #INCOMPLETE}.
     */
    public static ParsedReply parse(String line) {
        String text = line;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\r' || c == '\n') {
                text = line.substring(0, i);
                break;
            }
            if (c == '\0') {
                return ParsedReply.incomplete(INCOMPLETE);
            }
        }
        AgentHealth health = null;
        String healthWord = null;
        AgentAdmin admin = null;
        String weightWord = null;
        String maxconnWord = null;
        String firstUnknown = null;
        String comment = "";
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (isSeparator(c)) {
                i++;
                continue;
            }
            if (c == '#') {
                comment = text.substring(i + 1).replaceFirst("^[ \t]+", "");
                break;
            }
            int end = i + 1;
            while (end < text.length() && !isSeparator(text.charAt(end))) {
                end++;
            }
            String word = text.substring(i, end);
            String lower = asciiLower(word);
            switch (lower) {
                case "up" -> {
                    health = AgentHealth.UP;
                    healthWord = word;
                }
                // "failed" is not here on purpose: HAProxy 2.6 reports it as an error.
                case "down", "stopped", "fail" -> {
                    health = AgentHealth.DOWN;
                    healthWord = word;
                }
                case "ready" -> admin = AgentAdmin.READY;
                case "drain" -> admin = AgentAdmin.DRAIN;
                case "maint" -> admin = AgentAdmin.MAINT;
                default -> {
                    if (word.charAt(0) >= '0' && word.charAt(0) <= '9' && word.indexOf('%') >= 0) {
                        weightWord = word;
                    } else if (lower.startsWith("maxconn:")) {
                        maxconnWord = word.substring("maxconn:".length());
                    } else if (firstUnknown == null) {
                        firstUnknown = word;
                    }
                }
            }
            i = end;
        }
        // HAProxy applies the weight and maxconn words and only then reports their warnings.
        List<String> warnings = new ArrayList<>();
        OptionalInt weight = weightWord == null ? OptionalInt.empty() : percent(weightWord, warnings);
        OptionalInt maxconn = maxconnWord == null ? OptionalInt.empty() : maxconn(maxconnWord, warnings);
        String warning = warnings.isEmpty() ? null : warnings.get(0);

        String description = "";
        List<String> errors = new ArrayList<>();
        if (health != null) {
            // Down reports keep their own text; "up" (or no text) shows the error, then the warning.
            description = comment;
            if (description.isEmpty() || health == AgentHealth.UP) {
                if (firstUnknown != null) {
                    description = firstUnknown;
                } else if (warning != null) {
                    description = warning;
                }
            }
        } else {
            if (firstUnknown != null) {
                errors.add("agent reports an error : " + firstUnknown);
            }
            if (warning != null) {
                errors.add("agent warns : " + warning);
            }
        }
        return new ParsedReply(Optional.ofNullable(health), Optional.ofNullable(admin), weight,
                maxconn, description, errors);
    }

    private static boolean isSeparator(char c) {
        return c == ' ' || c == '\t' || c == ',';
    }

    /**
     * server_parse_weight_change_request() on a word that starts with a digit and holds a
     * {@code %}: only {@code <digits>%} is a weight in 2.6. Anything else is rejected as a whole,
     * never read as its leading number: strtol stops before the {@code %}, so the word is an
     * absolute weight with characters left over ({@code 0x%}, {@code 5.5%}, {@code 50%%}).
     */
    private static OptionalInt percent(String word, List<String> warnings) {
        int digits = leadingDigits(word, 0);
        long value = saturatingValue(word, 0, digits);
        if (digits == word.length() - 1 && word.charAt(digits) == '%') {
            return OptionalInt.of((int) Math.min(value, MAX_PERCENT));
        }
        warnings.add(value > 256 ? "Absolute weight can only be between 0 and 256 inclusive."
                : "Trailing garbage in weight string");
        return OptionalInt.empty();
    }

    /** server_parse_maxconn_change_request(): an optional sign, digits, nothing after. */
    private static OptionalInt maxconn(String text, List<String> warnings) {
        int start = !text.isEmpty() && (text.charAt(0) == '-' || text.charAt(0) == '+') ? 1 : 0;
        int digits = leadingDigits(text, start);
        if (text.isEmpty()) {
            warnings.add("Require <maxconn>.");
            return OptionalInt.empty();
        }
        if (digits == start) {
            warnings.add("maxconn string empty or preceded by garbage");
            return OptionalInt.empty();
        }
        if (digits != text.length()) {
            warnings.add("Trailing garbage in maxconn string");
            return OptionalInt.empty();
        }
        long value = saturatingValue(text, start, digits);
        int clamped = (int) Math.min(value, Integer.MAX_VALUE);
        return OptionalInt.of(text.charAt(0) == '-' ? -clamped : clamped);
    }

    /** strcasecmp() in the C locale folds ASCII letters only. */
    private static String asciiLower(String word) {
        char[] out = word.toCharArray();
        for (int i = 0; i < out.length; i++) {
            if (out[i] >= 'A' && out[i] <= 'Z') {
                out[i] = (char) (out[i] + ('a' - 'A'));
            }
        }
        return new String(out);
    }

    private static int leadingDigits(String s, int from) {
        int i = from;
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            i++;
        }
        return i;
    }

    private static long saturatingValue(String s, int from, int to) {
        long value = 0;
        for (int i = from; i < to; i++) {
            value = Math.min(value * 10 + (s.charAt(i) - '0'), Long.MAX_VALUE / 20);
        }
        return value;
    }
}
