package io.rxhealth.ovs.pipeline;

import io.rxhealth.ovs.openflow.OfctlSwitch;
import io.rxhealth.ovs.process.CommandRunner;
import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.maglev.Maglev;
import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.SlotTable;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Renders or applies a topology's pipeline by hand (the stand, a lab switch), without the daemon:
 * every pool is laid out over all its members at weight 1, member MACs are given as arguments.
 *
 * <pre>
 * PipelineTool render TOPOLOGY [IP=MAC ...]          flows on stdout, add-flow syntax
 * PipelineTool apply TOPOLOGY TARGET [IP=MAC ...]    one bundle to TARGET (unix:DIR/BRIDGE.mgmt)
 * </pre>
 */
public final class PipelineTool {
    private PipelineTool() {
    }

    public static void main(String[] args) throws Exception {
        System.exit(run(args, System.out, System.err, Ticker.system()));
    }

    static int run(String[] args, PrintStream out, PrintStream err, Ticker ticker) throws Exception {
        boolean render = args.length >= 2 && args[0].equals("render");
        boolean apply = args.length >= 3 && args[0].equals("apply");
        if (!render && !apply) {
            err.println("usage: PipelineTool render TOPOLOGY [IP=MAC ...] | apply TOPOLOGY TARGET [IP=MAC ...]");
            return 2;
        }
        try {
            Topology topology = TopologyFile.read(Path.of(args[1]));
            Map<Ipv4, Mac> neighbours = neighbours(Arrays.asList(args).subList(render ? 2 : 3, args.length));
            if (render) {
                PipelineRenderer.render(topology, neighbours).forEach(out::println);
                return 0;
            }
            PipelineApplier applier = new PipelineApplier(new OfctlSwitch(args[2], CommandRunner.processes()), ticker);
            PipelineApplied applied = applier.apply(topology, layouts(topology), neighbours);
            out.println("applied " + applied.flowMods() + " flow mods in " + applied.duration().toMillis() + " ms");
            applied.digests().forEach((pool, digest) -> out.println("pool " + pool + " digest " + digest));
            return 0;
        } catch (IllegalArgumentException | PipelineApplyException e) {
            err.println(e.getMessage());
            return 1;
        }
    }

    static Map<Integer, SlotTable> layouts(Topology topology) {
        Map<Integer, SlotTable> slots = new TreeMap<>();
        for (Pool pool : topology.pools()) {
            List<Member> members = pool.members().stream().map(m -> new Member(m.key(), 1)).toList();
            slots.put(pool.id(), Maglev.layout(String.valueOf(pool.id()), members, pool.slots()));
        }
        return slots;
    }

    static Map<Ipv4, Mac> neighbours(List<String> pairs) {
        Map<Ipv4, Mac> neighbours = new TreeMap<>();
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("neighbour: '" + pair + "' (expected: IP=MAC, e.g. 10.20.0.2=02:42:0a:14:00:02)");
            }
            neighbours.put(Ipv4.parse(pair.substring(0, eq), "neighbour " + pair), Mac.parse(pair.substring(eq + 1), "neighbour " + pair));
        }
        return neighbours;
    }
}
