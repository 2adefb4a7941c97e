package io.rxhealth.ovs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.ovs.Golden;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PipelineToolTest {
    private static final Golden GOLDEN = Golden.of(PipelineToolTest.class);

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void rendersTheStandPipelineAsTheGoldenFileHasIt() throws Exception {
        int exit = run("render", StandTopology.FILE.toString(), "10.20.0.2=02:42:0a:14:00:02", "10.20.0.3=02:42:0a:14:00:03",
                "10.30.0.2=02:42:0a:1e:00:02", "10.30.0.3=02:42:0a:1e:00:03");
        assertThat(exit).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(GOLDEN.read("stand.flows"));
    }

    @Test
    void aBadNeighbourIsOneLineAndExitOne() throws Exception {
        assertThat(run("render", StandTopology.FILE.toString(), "10.20.0.2")).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .isEqualTo("neighbour: '10.20.0.2' (expected: IP=MAC, e.g. 10.20.0.2=02:42:0a:14:00:02)\n");
    }

    @Test
    void withoutACommandItPrintsTheUsage() throws Exception {
        assertThat(run("apply", StandTopology.FILE.toString())).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("usage: PipelineTool render TOPOLOGY");
    }

    private int run(String... args) throws Exception {
        return PipelineTool.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), () -> 0L);
    }
}
