package io.rxhealth.ovs.openflow;

import java.util.List;

/**
 * The flow mods one bundle applies atomically. Either structured ({@link #of}: {@link FlowMod}
 * values, which an OpenFlow channel encodes directly and whose text is derived from them) or text
 * only ({@link #Bundle(List)}: {@code ovs-ofctl bundle} lines, for flows the structured form does
 * not describe, such as the whole pipeline's). Equal when their text is.
 */
public final class Bundle {
    private final List<FlowMod> flowModList;
    private List<String> lines;

    /** A text-only bundle: one {@code ovs-ofctl bundle} line per flow mod. */
    public Bundle(List<String> lines) {
        this.lines = List.copyOf(lines);
        this.flowModList = null;
    }

    private Bundle(List<FlowMod> mods, boolean structured) {
        this.flowModList = List.copyOf(mods);
    }

    /** A structured bundle; its lines are the flow mods' {@link FlowMod#text()}, made when first asked for. */
    public static Bundle of(List<FlowMod> mods) {
        return new Bundle(mods, true);
    }

    /** The flow mods as values, when the bundle was made of them; empty for a text-only bundle. */
    public List<FlowMod> structured() {
        return flowModList == null ? List.of() : flowModList;
    }

    /** True when {@link #structured()} holds every flow mod of the bundle. */
    public boolean isStructured() {
        return flowModList != null;
    }

    /** One {@code ovs-ofctl bundle} line per flow mod. */
    public synchronized List<String> lines() {
        if (lines == null) {
            lines = flowModList.stream().map(FlowMod::text).toList();
        }
        return lines;
    }

    /** Number of flow mods: every line is one. */
    public int flowMods() {
        return flowModList != null ? flowModList.size() : lines.size();
    }

    /** The file's text: the lines, each ended by a newline. */
    public String text() {
        List<String> all = lines();
        StringBuilder text = new StringBuilder(all.size() * 140);
        for (String line : all) {
            text.append(line).append('\n');
        }
        return text.toString();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Bundle b && lines().equals(b.lines());
    }

    @Override
    public int hashCode() {
        return lines().hashCode();
    }

    @Override
    public String toString() {
        return "Bundle" + lines();
    }
}
