package io.rxhealth.ovs;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.weighting.PackageGraph;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The LB daemon's rooms as its sources draw them: the root package only wires (nothing in
 * src/main names it), and no package reaches itself through others, so each room can be read
 * from the ones below it (docs/design.md, "ovs-sink's packages").
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PackageGraphTest {
    private static final String ROOT = "io.rxhealth.ovs";
    private PackageGraph graph;

    @BeforeAll
    void read() throws IOException {
        graph = PackageGraph.read(Path.of("src", "main", "java"), ROOT);
        assertThat(graph.packages()).contains(ROOT, ROOT + ".slots", ROOT + ".openflow", ROOT + ".process",
                ROOT + ".pipeline", ROOT + ".pool", ROOT + ".flow", ROOT + ".health", ROOT + ".neigh", ROOT + ".api",
                ROOT + ".cli", ROOT + ".config", ROOT + ".fleet", ROOT + ".fleet.ovsdb", ROOT + ".threads",
                ROOT + ".logging");
    }

    @Test
    void nothingNamesTheRootPackage() {
        assertThat(graph.namersOf(ROOT)).as("packages naming the composition root").isEmpty();
    }

    @Test
    void noTwoPackagesNameEachOther() {
        assertThat(graph.twoWay()).isEmpty();
    }

    @Test
    void noPackageCycle() {
        assertThat(graph.cycles()).isEmpty();
    }
}
