package io.rxhealth.checks.docker;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.FakeTicker;
import io.rxhealth.weighting.Level;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class DockerChecksTest {
    @Test
    void buildsTheDaemonCheckThenOneCheckPerContainerInConfigOrder() throws Exception {
        var closed = new AtomicBoolean();
        var engine = new FakeEngine();
        try (var checks = new DockerChecks(engine, () -> closed.set(true),
                DockerCheckConfig.defaults(List.of("rx-web", "rx-storage")), new FakeTicker())) {
            assertThat(checks.all()).extracting(Check::name)
                    .containsExactly("docker", "container:rx-web", "container:rx-storage");
            assertThat(checks.all().get(1)).as("the same instances every time: they keep history")
                    .isSameAs(checks.containers().get(0));
            assertThat(checks.daemon().run().level()).isEqualTo(Level.OK);
            assertThat(checks.containers().get(1).run().detail())
                    .isEqualTo("container 'rx-storage' not found");
        }
        assertThat(closed).isTrue();
    }
}
