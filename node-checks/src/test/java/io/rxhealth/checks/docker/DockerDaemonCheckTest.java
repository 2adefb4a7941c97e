package io.rxhealth.checks.docker;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.weighting.CheckResult;
import org.junit.jupiter.api.Test;

class DockerDaemonCheckTest {
    private final FakeEngine engine = new FakeEngine();
    private final DockerDaemonCheck check = new DockerDaemonCheck(engine, "unix:///run/d.sock");

    @Test
    void isOkWhenTheDaemonAnswersPing() {
        assertThat(check.run())
                .isEqualTo(CheckResult.ok("docker", "docker daemon at unix:///run/d.sock answers"));
    }

    @Test
    void isCritWithTheReasonWhenTheDaemonCannotBeReached() {
        engine.down("unix:///run/d.sock: GET /_ping: Connection refused");
        assertThat(check.run()).isEqualTo(CheckResult.crit("docker",
                "docker daemon unavailable: unix:///run/d.sock: GET /_ping: Connection refused"));
    }
}
