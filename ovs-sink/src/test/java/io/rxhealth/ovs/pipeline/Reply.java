package io.rxhealth.ovs.pipeline;

import java.util.Collection;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One answer of the stand's backend app: {@code backend=be1 client=IP:PORT served=IP:PORT}. */
record Reply(String backend, String client, String served, int servedPort) {
    private static final Pattern FORM = Pattern.compile("backend=(\\w+) client=([\\d.]+):\\d+ served=([\\d.]+):(\\d+)");

    static Reply parse(String line) {
        Matcher m = FORM.matcher(line);
        if (!m.matches()) {
            throw new AssertionError("reply: '" + line + "' (expected: backend=NAME client=IP:PORT served=IP:PORT)");
        }
        return new Reply(m.group(1), m.group(2), m.group(3), Integer.parseInt(m.group(4)));
    }

    /** The backends that answered, sorted. */
    static TreeSet<String> backends(Collection<Reply> replies) {
        TreeSet<String> names = new TreeSet<>();
        replies.forEach(r -> names.add(r.backend()));
        return names;
    }
}
