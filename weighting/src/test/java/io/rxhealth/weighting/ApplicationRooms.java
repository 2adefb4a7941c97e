package io.rxhealth.weighting;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The package rules of an application module, as its sources draw them: the root package only
 * wires (nothing in src/main names it), no two packages name each other, and no package reaches
 * itself through others, so each room can be read from the ones below it. A module's
 * {@code PackageGraphTest} extends this with its root and the rooms it must have.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class ApplicationRooms {
    private final String root;
    private final List<String> rooms;
    private PackageGraph graph;

    /** {@code rooms} are relative to {@code root}: {@code ".cli"}. */
    protected ApplicationRooms(String root, String... rooms) {
        this.root = root;
        this.rooms = List.of(rooms);
    }

    @BeforeAll
    void read() throws IOException {
        graph = PackageGraph.read(Path.of("src", "main", "java"), root);
        assertThat(graph.packages()).contains(root);
        assertThat(graph.packages()).containsAll(rooms.stream().map(r -> root + r).toList());
    }

    @Test
    void nothingNamesTheRootPackage() {
        assertThat(graph.namersOf(root)).as("packages naming the composition root").isEmpty();
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
