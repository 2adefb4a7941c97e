package io.rxhealth.ovs.health;

import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One step of a reply sequence: what the agent does with every connection during the step, or an
 * operator action taken at its start on both load balancers (the agent then keeps doing what it
 * did in the step before). Written in the sequence table as:
 *
 * <ul>
 *   <li>{@code 'up 50%\n'}: send the bytes and close ({@code \n \r \t \0 \xNN \\ \'} escapes)</li>
 *   <li>{@code hold 'up 50%'}: send the bytes and keep the connection open (a timeout)</li>
 *   <li>{@code slow 'down\n'}: send the bytes after {@link #SLOW}, longer than any check timeout</li>
 *   <li>{@code split 'up 5' '0%\n'}: send the first part, then the rest {@link #SPLIT} later</li>
 *   <li>{@code close}, {@code reset}: close without a byte, with a FIN or a reset</li>
 *   <li>{@code op drain}, {@code op ready}: an operator drains or enables the server/member</li>
 * </ul>
 */
record ReplyStep(String text, ScriptedAgent.Behaviour behaviour, String operator) {
    static final Duration SLOW = Duration.ofMillis(900);
    static final Duration SPLIT = Duration.ofMillis(60);

    boolean isOperator() {
        return operator != null;
    }

    static ReplyStep parse(String step) {
        String s = step.strip();
        if (s.startsWith("op ")) {
            String op = s.substring(3).strip();
            if (!op.equals("drain") && !op.equals("ready")) {
                throw new IllegalArgumentException("operator step: " + s + " (expected: op drain | op ready)");
            }
            return new ReplyStep(s, null, op);
        }
        if (s.equals("close") || s.equals("reset")) {
            return new ReplyStep(s, new ScriptedAgent.Behaviour.Close(s.equals("reset")), null);
        }
        String kind = s.startsWith("'") ? "send" : s.substring(0, Math.max(0, s.indexOf(' ')));
        List<byte[]> parts = quoted(s.substring(kind.equals("send") ? 0 : kind.length()).strip(), s);
        byte[] none = new byte[0];
        ScriptedAgent.Behaviour b = switch (kind) {
            case "send" -> new ScriptedAgent.Behaviour.Send(only(parts, s), Duration.ZERO, none, false);
            case "hold" -> new ScriptedAgent.Behaviour.Send(only(parts, s), Duration.ZERO, none, true);
            case "slow" -> new ScriptedAgent.Behaviour.Send(none, SLOW, only(parts, s), false);
            case "split" -> {
                if (parts.size() != 2) {
                    throw new IllegalArgumentException("step: " + s + " (expected: split 'first' 'rest')");
                }
                yield new ScriptedAgent.Behaviour.Send(parts.get(0), SPLIT, parts.get(1), false);
            }
            default -> throw new IllegalArgumentException("step: " + s
                    + " (expected: 'bytes', hold|slow 'bytes', split 'a' 'b', close, reset, op drain|ready)");
        };
        return new ReplyStep(s, b, null);
    }

    private static byte[] only(List<byte[]> parts, String step) {
        if (parts.size() != 1) {
            throw new IllegalArgumentException("step: " + step + " (expected: one quoted reply)");
        }
        return parts.get(0);
    }

    /** The quoted strings of {@code s}, unescaped to bytes. */
    private static List<byte[]> quoted(String s, String step) {
        List<byte[]> parts = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            if (s.charAt(i) == ' ') {
                i++;
                continue;
            }
            if (s.charAt(i) != '\'') {
                throw new IllegalArgumentException("step: " + step + " (expected: a quoted reply at " + i + ")");
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            i++;
            while (i < s.length() && s.charAt(i) != '\'') {
                char c = s.charAt(i);
                if (c != '\\') {
                    out.write(c);
                    i++;
                    continue;
                }
                char e = s.charAt(i + 1);
                switch (e) {
                    case 'n' -> out.write('\n');
                    case 'r' -> out.write('\r');
                    case 't' -> out.write('\t');
                    case '0' -> out.write(0);
                    case '\\', '\'' -> out.write(e);
                    case 'x' -> {
                        out.write(Integer.parseInt(s.substring(i + 2, i + 4), 16));
                        i += 2;
                    }
                    default -> throw new IllegalArgumentException("step: " + step + " (unknown escape \\" + e + ")");
                }
                i += 2;
            }
            if (i >= s.length()) {
                throw new IllegalArgumentException("step: " + step + " (expected: a closing quote)");
            }
            parts.add(out.toByteArray());
            i++;
        }
        return parts;
    }
}
