package io.rxhealth.agent.haproxy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads one server's row out of HAProxy's {@code show stat} CSV and {@code show servers state}
 * answers, by column name (both print a {@code # } header line), so a column added by a later
 * HAProxy does not shift what the tests read.
 */
final class HaproxyStats {
    private HaproxyStats() {
    }

    static ServerState serverState(String showStat, String serversState, String backend, String server) {
        Map<String, String> stat = statRow(showStat, backend, server);
        Map<String, String> state = serversStateRow(serversState, backend, server);
        return new ServerState(stat.get("status"), number(stat, "weight"), number(state, "srv_uweight"),
                number(state, "srv_iweight"), number(state, "srv_op_state"), number(state, "srv_admin_state"),
                stat.get("last_agt"), number(stat, "agent_duration"));
    }

    /** The {@code show stat} row of {@code backend/server} as column name to value. */
    static Map<String, String> statRow(String csv, String backend, String server) {
        String[] lines = csv.split("\n");
        if (lines.length == 0 || !lines[0].startsWith("# ")) {
            throw new IllegalArgumentException("show stat: " + firstLine(csv) + " (expected: a '# pxname,...' header)");
        }
        List<String> header = fields(lines[0].substring(2));
        for (int i = 1; i < lines.length; i++) {
            List<String> row = fields(lines[i]);
            if (row.size() >= 2 && row.get(0).equals(backend) && row.get(1).equals(server)) {
                return zip(header, row);
            }
        }
        throw new IllegalArgumentException("show stat: no row " + backend + "/" + server + " in: " + csv);
    }

    /** The {@code show servers state} line of {@code backend/server} as column name to value. */
    static Map<String, String> serversStateRow(String text, String backend, String server) {
        List<String> header = null;
        for (String line : text.split("\n")) {
            if (line.startsWith("# ")) {
                header = List.of(line.substring(2).trim().split(" "));
            } else if (header != null && !line.isBlank()) {
                Map<String, String> row = zip(header, List.of(line.trim().split(" ")));
                if (backend.equals(row.get("be_name")) && server.equals(row.get("srv_name"))) {
                    return row;
                }
            }
        }
        throw new IllegalArgumentException("show servers state: no line " + backend + "/" + server + " in: " + text);
    }

    /**
     * One CSV line split into fields. HAProxy quotes a field that holds a comma or a quote (an
     * agent's {@code # reason} often does) and doubles the quotes inside it.
     */
    static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        out.add(field.toString());
        return out;
    }

    private static Map<String, String> zip(List<String> header, List<String> row) {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < header.size() && i < row.size(); i++) {
            out.put(header.get(i), row.get(i));
        }
        return out;
    }

    private static int number(Map<String, String> row, String column) {
        String value = row.get(column);
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(column + ": " + value + " (expected: an integer)", e);
        }
    }

    private static String firstLine(String text) {
        int nl = text.indexOf('\n');
        return nl < 0 ? text : text.substring(0, nl);
    }
}
