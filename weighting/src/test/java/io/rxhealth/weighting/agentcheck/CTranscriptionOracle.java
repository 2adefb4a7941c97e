package io.rxhealth.weighting.agentcheck;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * A second, independent reading of an agent reply: HAProxy 2.6's {@code tcpcheck_agent_expect_reply()}
 * and {@code server_parse_weight_change_request()} transcribed statement by statement over a
 * NUL-terminated byte buffer, C style (pointers as indices, {@code strtol} written out). The fuzz
 * test holds the parser to it on random lines; it only says what changes (health, admin, weight),
 * not the texts.
 */
final class CTranscriptionOracle {
    /** What one received buffer changes; {@code complete} false when HAProxy ignores it. */
    record Effect(boolean complete, Optional<AgentHealth> health, Optional<AgentAdmin> admin, OptionalInt percent) {
    }

    private CTranscriptionOracle() {
    }

    /** {@code received}: what the agent sent (chars 0..255, as bytes), the line end included if any. */
    static Effect read(String received) {
        char[] b = new char[received.length() + 1];
        received.getChars(0, received.length(), b, 0);
        b[received.length()] = 0;
        int p = 0;
        while (b[p] != 0 && b[p] != '\n' && b[p] != '\r') {
            p++;
        }
        if (b[p] == 0) {
            return new Effect(false, Optional.empty(), Optional.empty(), OptionalInt.empty());
        }
        b[p] = 0;
        int cmd = 0;
        int hs = -1;
        int as = -1;
        int ps = -1;
        while (b[cmd] != 0) {
            if (b[cmd] == ' ' || b[cmd] == '\t' || b[cmd] == ',') {
                cmd++;
                continue;
            }
            if (b[cmd] == '#') {
                break;
            }
            p = cmd + 1;
            while (b[p] != 0 && b[p] != '\t' && b[p] != ' ' && b[p] != '\n' && b[p] != ',') {
                p++;
            }
            int next = p;
            if (b[p] != 0) {
                b[p] = 0;
                next = p + 1;
            }
            String w = cString(b, cmd);
            if (strcasecmp(w, "up") || strcasecmp(w, "down") || strcasecmp(w, "stopped") || strcasecmp(w, "fail")) {
                hs = cmd;
            } else if (strcasecmp(w, "ready") || strcasecmp(w, "drain") || strcasecmp(w, "maint")) {
                as = cmd;
            } else if (b[cmd] >= '0' && b[cmd] <= '9' && w.indexOf('%') >= 0) {
                ps = cmd;
            }
            cmd = next;
        }
        Optional<AgentAdmin> admin = Optional.empty();
        if (as >= 0) {
            String a = cString(b, as);
            admin = Optional.of(strcasecmp(a, "drain") ? AgentAdmin.DRAIN
                    : strcasecmp(a, "maint") ? AgentAdmin.MAINT : AgentAdmin.READY);
        }
        OptionalInt percent = ps < 0 ? OptionalInt.empty() : weight(cString(b, ps));
        Optional<AgentHealth> health = hs < 0 ? Optional.empty()
                : Optional.of(strcasecmp(cString(b, hs), "up") ? AgentHealth.UP : AgentHealth.DOWN);
        return new Effect(true, health, admin, percent);
    }

    /** The relative part of server_parse_weight_change_request(): strtol, then exactly "%". */
    private static OptionalInt weight(String s) {
        int end = 0;
        long w = 0;
        boolean overflow = false;
        while (end < s.length() && s.charAt(end) >= '0' && s.charAt(end) <= '9') {
            if (!overflow) {
                w = w * 10 + (s.charAt(end) - '0');
                overflow = w > Integer.MAX_VALUE;
            }
            end++;
        }
        if (end < s.length() && s.charAt(end) == '%' && end + 1 == s.length()) {
            return OptionalInt.of(overflow || w > 25600 ? 25600 : (int) w);
        }
        return OptionalInt.empty();
    }

    private static String cString(char[] b, int from) {
        int to = from;
        while (b[to] != 0) {
            to++;
        }
        return new String(b, from, to - from);
    }

    /** strcasecmp() == 0 in the C locale. */
    private static boolean strcasecmp(String a, String b) {
        if (a.length() != b.length()) {
            return false;
        }
        for (int i = 0; i < a.length(); i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x >= 'A' && x <= 'Z') {
                x = (char) (x + 32);
            }
            if (y >= 'A' && y <= 'Z') {
                y = (char) (y + 32);
            }
            if (x != y) {
                return false;
            }
        }
        return true;
    }
}
