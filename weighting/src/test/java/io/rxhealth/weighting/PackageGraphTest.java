package io.rxhealth.weighting;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** weighting's packages name one another in one direction only; and the graph reader sees what it must. */
class PackageGraphTest {
    @Test
    void noPackageCycle() throws IOException {
        PackageGraph graph = PackageGraph.read(Path.of("src", "main", "java"), "io.rxhealth.weighting");

        assertThat(graph.packages()).contains("io.rxhealth.weighting", "io.rxhealth.weighting.maglev",
                "io.rxhealth.weighting.agentcheck");
        assertThat(graph.cycles()).isEmpty();
    }

    @Test
    void findsACycleThroughImportsAndQualifiedNamesButNotAChain(@TempDir Path dir) throws IOException {
        write(dir, "a", "import x.b.B;\nclass A { B b; }");
        write(dir, "b", "class B { x.c.C c; }");
        write(dir, "c", "import static x.a.A.ONE;\nclass C { }");
        write(dir, "d", "import x.a.A;\nclass D { }");

        PackageGraph graph = PackageGraph.read(dir, "x");

        assertThat(graph.cycles()).containsExactly(Set.of("x.a", "x.b", "x.c"));
        assertThat(graph.twoWay()).isEmpty();
        assertThat(graph.namersOf("x.a")).containsExactly("x.c", "x.d");
    }

    @Test
    void twoPackagesNamingEachOtherAreACycleAndATwoWayPair(@TempDir Path dir) throws IOException {
        write(dir, "a", "import x.b.B;\nclass A { }");
        write(dir, "b", "import x.a.A;\nclass B { }");

        PackageGraph graph = PackageGraph.read(dir, "x");

        assertThat(graph.twoWay()).containsExactly("x.a <-> x.b");
        assertThat(graph.cycles()).containsExactly(Set.of("x.a", "x.b"));
    }

    private static void write(Path dir, String pkg, String body) throws IOException {
        Path folder = Files.createDirectories(dir.resolve("x").resolve(pkg));
        Files.writeString(folder.resolve(pkg.toUpperCase(java.util.Locale.ROOT) + ".java"),
                "package x." + pkg + ";\n\n" + body + "\n");
    }
}
