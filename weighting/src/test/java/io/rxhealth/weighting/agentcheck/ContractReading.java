package io.rxhealth.weighting.agentcheck;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * A second, deliberately naive reading of an agent reply, written from the rules in
 * docs/agent-check.md alone, so the fuzz test compares the parser with the contract rather than
 * with itself. It says only what a reply changes (health, admin state, weight), not the texts.
 *
 * <ul>
 *   <li>The line ends at the first CR or LF; without one, or with a NUL before it, nothing applies.</li>
 *   <li>Words are separated by spaces, tabs and commas; a word that starts with {@code #} ends the
 *       words (the rest is description).</li>
 *   <li>Per category the last word wins: health ({@code up down stopped fail}), admin
 *       ({@code ready drain maint}), weight (a word starting with a digit and holding {@code %}).</li>
 *   <li>The weight word counts only when it is exactly digits and one {@code %}; anything after the
 *       number is trailing garbage and rejects the weight as a whole.</li>
 * </ul>
 */
final class ContractReading {
    /** What one received text changes; {@code complete} false when the reply is ignored. */
    record Effect(boolean complete, Optional<AgentHealth> health, Optional<AgentAdmin> admin, OptionalInt percent) {
    }

    private static final Pattern SEPARATORS = Pattern.compile("[ \t,]+");
    private static final Pattern WEIGHT = Pattern.compile("([0-9]+)%");
    /** Any percentage past this gives the 256 cap whatever the configured weight, so larger ones saturate. */
    private static final int SATURATED_PERCENT = 25_600;

    private ContractReading() {
    }

    static Effect read(String received) {
        int end = firstLineEnd(received);
        if (end < 0 || received.substring(0, end).indexOf('\0') >= 0) {
            return new Effect(false, Optional.empty(), Optional.empty(), OptionalInt.empty());
        }
        String healthWord = null;
        String adminWord = null;
        String weightWord = null;
        for (String word : SEPARATORS.split(received.substring(0, end))) {
            if (word.isEmpty()) {
                continue;
            }
            if (word.startsWith("#")) {
                break;
            }
            String lower = asciiLower(word);
            switch (lower) {
                case "up", "down", "stopped", "fail" -> healthWord = lower;
                case "ready", "drain", "maint" -> adminWord = lower;
                default -> {
                    if (Character.isDigit(word.charAt(0)) && word.charAt(0) < 128 && word.contains("%")) {
                        weightWord = word;
                    }
                }
            }
        }
        Optional<AgentHealth> health = Optional.ofNullable(healthWord)
                .map(w -> w.equals("up") ? AgentHealth.UP : AgentHealth.DOWN);
        Optional<AgentAdmin> admin = Optional.ofNullable(adminWord).map(w -> switch (w) {
            case "drain" -> AgentAdmin.DRAIN;
            case "maint" -> AgentAdmin.MAINT;
            default -> AgentAdmin.READY;
        });
        return new Effect(true, health, admin, weightWord == null ? OptionalInt.empty() : percent(weightWord));
    }

    private static OptionalInt percent(String word) {
        var m = WEIGHT.matcher(word);
        if (!m.matches()) {
            return OptionalInt.empty();
        }
        String digits = m.group(1).replaceFirst("^0+(?=.)", "");
        boolean huge = digits.length() > 5 || Integer.parseInt(digits) > SATURATED_PERCENT;
        return OptionalInt.of(huge ? SATURATED_PERCENT : Integer.parseInt(digits));
    }

    private static int firstLineEnd(String s) {
        int cr = s.indexOf('\r');
        int lf = s.indexOf('\n');
        return cr < 0 ? lf : lf < 0 ? cr : Math.min(cr, lf);
    }

    /** Keywords compare case-insensitively in ASCII only, as the contract says. */
    private static String asciiLower(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            b.append(c >= 'A' && c <= 'Z' ? (char) (c + 32) : c);
        }
        return b.toString();
    }
}
