package io.rxhealth.ovs.openflow;

import java.util.List;

/** The lines of an {@code ovs-ofctl bundle} file, one flow mod per line, applied atomically. */
public record Bundle(List<String> lines) {
    public Bundle {
        lines = List.copyOf(lines);
    }

    /** Number of flow mods: every line is one. */
    public int flowMods() {
        return lines.size();
    }

    /** The file's text: the lines, each ended by a newline. */
    public String text() {
        StringBuilder text = new StringBuilder(lines.size() * 140);
        for (String line : lines) {
            text.append(line).append('\n');
        }
        return text.toString();
    }
}
