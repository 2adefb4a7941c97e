package io.rxhealth.ovs.pipeline;

import io.rxhealth.weighting.maglev.Maglev;
import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.SlotTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The stand's topology ({@code stand/topology.yaml}, the one file stand/up and the pipeline share) and its members' MACs. */
final class StandTopology {
    static final Path FILE = Path.of("../stand/topology.yaml");
    /** The MACs stand/up gives the backends' interfaces. */
    static final Map<Ipv4, Mac> NEIGHBOURS = Map.of(
            ip("10.20.0.2"), new Mac("02:42:0a:14:00:02"),
            ip("10.20.0.3"), new Mac("02:42:0a:14:00:03"),
            ip("10.30.0.2"), new Mac("02:42:0a:1e:00:02"),
            ip("10.30.0.3"), new Mac("02:42:0a:1e:00:03"));

    private StandTopology() {
    }

    static Topology read() {
        try {
            return TopologyFile.read(FILE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Ipv4 ip(String text) {
        return Ipv4.parse(text, "test address");
    }

    /** Every pool laid out over {@code members} of weight 1 (pool id as Maglev's seed). */
    static Map<Integer, SlotTable> layouts(Topology topology, List<String> members) {
        Map<Integer, SlotTable> slots = new TreeMap<>();
        for (Pool pool : topology.pools()) {
            slots.put(pool.id(), layout(pool, members));
        }
        return slots;
    }

    static SlotTable layout(Pool pool, List<String> members) {
        return Maglev.layout(String.valueOf(pool.id()), members.stream().map(k -> new Member(k, 1)).toList(), pool.slots());
    }
}
