package io.rxhealth.ovs.config;

import static io.rxhealth.ovs.config.ConfigValues.error;

import io.rxhealth.ovs.pipeline.Endpoint;
import io.rxhealth.ovs.pipeline.Listener;
import io.rxhealth.ovs.pipeline.Pool;
import io.rxhealth.ovs.pipeline.Topology;
import io.rxhealth.ovs.pipeline.TopologyFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Reads the {@code topology} file and checks that it describes the same pools as the daemon's
 * configuration: the topology owns the network (segments, ports, listeners, routes), the daemon's
 * pools own the members' probes, agents and weights, and both name the same pools with the same
 * ids, slot counts, members and listener. Neither is derived from the other, so each file stays
 * readable on its own; a mismatch is one line naming the pool and both sides.
 */
final class TopologyMatch {
    private TopologyMatch() {
    }

    static PipelineConfig read(String path, Path base, List<PoolConfig> pools) {
        if (path.isBlank()) {
            throw error("topology", "''", "the path of a pipeline topology file");
        }
        Path file = base.resolve(path);
        Topology topology;
        try {
            topology = TopologyFile.read(file);
        } catch (IOException e) {
            throw error("topology", file, "a readable topology file (" + e.getMessage() + ")");
        } catch (IllegalArgumentException e) {
            throw new ConfigException("topology: " + e.getMessage(), e);
        }
        check(topology, file, pools);
        return new PipelineConfig(file, topology);
    }

    static void check(Topology topology, Path file, List<PoolConfig> pools) {
        for (int i = 0; i < pools.size(); i++) {
            PoolConfig p = pools.get(i);
            String at = "pools[" + i + "]";
            Pool t = topology.pools().stream().filter(x -> x.id() == p.id()).findFirst().orElseThrow(() -> error(
                    at + ".id", p.id(), "a pool of topology " + file + " (it has " + ids(topology) + ")"));
            if (t.slots() != p.slots()) {
                throw error(at + ".slots", p.slots(), t.slots() + ", as pool " + p.id() + " in topology " + file);
            }
            Set<String> mine = p.members().stream().map(MemberConfig::key).collect(Collectors.toCollection(TreeSet::new));
            Set<String> theirs = t.members().stream().map(Endpoint::key).collect(Collectors.toCollection(TreeSet::new));
            if (!mine.equals(theirs)) {
                throw error(at + ".members", mine, theirs + ", the members of pool " + p.id() + " in topology " + file);
            }
            String listener = p.listenerAddress() + ":" + p.listenerPort();
            boolean listed = topology.listeners().stream().anyMatch(l -> l.pool() == p.id()
                    && l.vip().toString().equals(p.listenerAddress()) && l.port() == p.listenerPort());
            if (!listed) {
                throw error(at + ".listener", listener, "a listener of pool " + p.id() + " in topology " + file + " ("
                        + topology.listeners().stream().filter(l -> l.pool() == p.id()).map(TopologyMatch::text)
                        .collect(Collectors.joining(", ", "[", "]")) + ")");
            }
        }
        for (Pool t : topology.pools()) {
            if (pools.stream().noneMatch(p -> p.id() == t.id())) {
                throw error("topology", file, "no pool the daemon does not configure (pool " + t.id()
                        + " would stay fail-close: add it to pools)");
            }
        }
    }

    private static String ids(Topology topology) {
        return topology.pools().stream().map(p -> String.valueOf(p.id())).collect(Collectors.joining(", ", "[", "]"));
    }

    private static String text(Listener l) {
        return l.vip() + ":" + l.port();
    }
}
