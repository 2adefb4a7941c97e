package io.rxhealth.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.weighting.PackageGraph;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The agent's rooms as its sources draw them: the root package only wires (nothing in src/main
 * names it), and no two packages name each other, so each room can be read from the ones below
 * it. Read from the source text, imports and qualified names alike ({@link PackageGraph}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PackageGraphTest {
    private static final String ROOT = "io.rxhealth.agent";
    private PackageGraph graph;

    @BeforeAll
    void read() throws IOException {
        graph = PackageGraph.read(Path.of("src", "main", "java"), ROOT);
        assertThat(graph.packages()).contains(ROOT, ROOT + ".cli", ROOT + ".status", ROOT + ".state", ROOT + ".loop");
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
