package io.rxhealth.ovs.stand;

import java.util.Map;
import java.util.TreeMap;

/**
 * One server line of HAProxy's {@code show servers state}: operational state (0 stopped, 2 running),
 * admin flags (1 forced maint, 8 forced drain: what an agent's {@code maint}/{@code drain} sets) and
 * the current weight.
 */
record HaproxyServer(String name, int opState, int adminState, int weight) {
    private static final int FMAINT = 0x01;
    private static final int FDRAIN = 0x08;

    boolean maint() {
        return (adminState & FMAINT) != 0;
    }

    boolean drain() {
        return (adminState & FDRAIN) != 0;
    }

    boolean up() {
        return opState == 2;
    }

    /** Servers by name from the whole answer (a version line, a {@code #} header, one line per server). */
    static Map<String, HaproxyServer> parse(String answer) {
        Map<String, HaproxyServer> servers = new TreeMap<>();
        for (String line : answer.split("\n")) {
            String[] f = line.strip().split(" ");
            if (f.length < 9 || line.startsWith("#")) {
                continue;
            }
            servers.put(f[3], new HaproxyServer(f[3], Integer.parseInt(f[5]), Integer.parseInt(f[6]), Integer.parseInt(f[7])));
        }
        return servers;
    }

    @Override
    public String toString() {
        return name + (maint() ? " MAINT" : drain() ? " DRAIN" : up() ? " UP" : " DOWN") + " weight " + weight;
    }
}
