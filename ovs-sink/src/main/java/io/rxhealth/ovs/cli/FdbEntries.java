package io.rxhealth.ovs.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The learned FDB of the private segments from {@code dump-flows table=25}: the pipeline switches
 * with flows ({@code learn} into table 25 at priority 100), not with the NORMAL action, so
 * {@code ovs-appctl fdb/show} would be empty. Pure.
 */
final class FdbEntries {
    private static final Pattern LEARNED = Pattern.compile("priority=100,reg0=(0x[0-9a-f]+|\\d+),dl_dst=([0-9a-f:]{17})"
            + " actions=output:(\\S+)");
    private static final Pattern PACKETS = Pattern.compile("n_packets=(\\d+)");
    private static final Pattern HARD_AGE = Pattern.compile("hard_age=(\\d+)");
    private static final Pattern DURATION = Pattern.compile("duration=(\\d+)");

    /** One learned entry: segment number (reg0), MAC, output port, packets, seconds since learned. */
    record Entry(int segment, String mac, String port, long packets, long ageSeconds) {
    }

    private FdbEntries() {
    }

    private static long number(Pattern p, String line) {
        Matcher m = p.matcher(line);
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }

    static List<Entry> parse(String dump) {
        List<Entry> entries = new ArrayList<>();
        for (String line : dump.split("\n")) {
            Matcher m = LEARNED.matcher(line);
            if (!m.find()) {
                continue;
            }
            String reg = m.group(1);
            int segment = reg.startsWith("0x") ? Integer.parseInt(reg.substring(2), 16) : Integer.parseInt(reg);
            // hard_age is printed once a learned flow was refreshed; before that its age is its duration.
            long age = number(HARD_AGE, line);
            entries.add(new Entry(segment, m.group(2), m.group(3), Math.max(0, number(PACKETS, line)),
                    age >= 0 ? age : number(DURATION, line)));
        }
        return entries;
    }
}
