package io.rxhealth.checks;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.weighting.PackageGraph;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** One package per data source, none reaching another through a cycle. */
class PackageGraphTest {
    @Test
    void noPackageCycle() throws IOException {
        PackageGraph graph = PackageGraph.read(Path.of("src", "main", "java"), "io.rxhealth.checks");

        assertThat(graph.packages()).contains("io.rxhealth.checks.host", "io.rxhealth.checks.docker",
                "io.rxhealth.checks.http", "io.rxhealth.checks.postgres", "io.rxhealth.checks.rabbitmq");
        assertThat(graph.cycles()).isEmpty();
    }
}
