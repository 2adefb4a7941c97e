package io.rxhealth.ovs.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Summarises {@code ovs-appctl dpctl/dump-conntrack zone=1} per member: the reply direction's
 * source is the member a listener translated to, the original direction's destination the
 * listener. Lines of another form are counted as unparsed, never guessed. Pure.
 */
final class Conntrack {
    private static final Pattern ENTRY = Pattern.compile("^(\\w+),orig=\\(src=([^,]+),dst=([^,]+),sport=(\\d+),dport=(\\d+)\\)"
            + ",reply=\\(src=([^,]+),dst=([^,]+),sport=(\\d+),dport=(\\d+)\\)(.*)$");
    private static final Pattern STATE = Pattern.compile("protoinfo=\\(state=([A-Z_0-9]+)");

    /** Connections to one member through one listener, by protocol state ({@code -} when none is printed). */
    record MemberConns(String member, String listener, String protocol, int connections, Map<String, Integer> states) {
        MemberConns {
            states = new TreeMap<>(states);
        }
    }

    /** Every member's connections, sorted by member then listener, and the lines that were not entries. */
    record Summary(List<MemberConns> members, int total, int unparsed) {
        Summary {
            members = List.copyOf(members);
        }
    }

    private Conntrack() {
    }

    static Summary summarise(String output) {
        Map<String, MemberConns> byKey = new TreeMap<>();
        int total = 0;
        int unparsed = 0;
        for (String raw : output.split("\n")) {
            String line = raw.strip();
            if (line.isEmpty()) {
                continue;
            }
            Matcher m = ENTRY.matcher(line);
            if (!m.matches()) {
                unparsed++;
                continue;
            }
            String member = m.group(6) + ":" + m.group(8);
            String listener = m.group(3) + ":" + m.group(5);
            Matcher st = STATE.matcher(m.group(10));
            String state = st.find() ? st.group(1) : "-";
            total++;
            MemberConns before = byKey.get(member + " " + listener);
            Map<String, Integer> states = new TreeMap<>(before == null ? Map.of() : before.states());
            states.merge(state, 1, Integer::sum);
            byKey.put(member + " " + listener, new MemberConns(member, listener, m.group(1),
                    (before == null ? 0 : before.connections()) + 1, states));
        }
        return new Summary(new ArrayList<>(byKey.values()), total, unparsed);
    }
}
