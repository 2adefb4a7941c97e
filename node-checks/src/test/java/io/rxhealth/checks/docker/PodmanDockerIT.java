package io.rxhealth.checks.docker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.dockerjava.api.model.HealthCheck;
import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Level;
import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The checks against a real Docker Engine API: podman's compat service on a unix socket, driven
 * through docker-java. Needs root and {@code apt-get install -y podman runc busybox-static}.
 */
class PodmanDockerIT {
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @Test
    void followsAContainerThroughItsLifecycleAndTheDaemonThroughItsDeath() throws Exception {
        try (var podman = PodmanService.start();
             var checks = DockerChecks.create(config(podman.host(), "rxh-app"), Ticker.system());
             var docker = podman.dockerClient()) {
            var daemon = checks.daemon();
            var app = checks.containers().get(0);
            assertThat(daemon.run())
                    .isEqualTo(CheckResult.ok("docker", "docker daemon at " + podman.host() + " answers"));
            assertThat(app.run()).isEqualTo(crit("rxh-app", "container 'rxh-app' not found"));

            docker.createContainerCmd(PodmanService.IMAGE).withName("rxh-app").exec();
            assertThat(app.run()).isEqualTo(crit("rxh-app", "container rxh-app created but not started"));

            docker.startContainerCmd("rxh-app").exec();
            assertRunning(app);

            // sleep is PID 1 and ignores SIGTERM: the engine kills it after the timeout.
            docker.stopContainerCmd("rxh-app").withTimeout(1).exec();
            assertThat(app.run()).isEqualTo(crit("rxh-app", "container rxh-app exited (code 137)"));

            docker.startContainerCmd("rxh-app").exec();
            assertRunning(app);

            docker.removeContainerCmd("rxh-app").withForce(true).exec();
            assertThat(app.run()).isEqualTo(crit("rxh-app", "container 'rxh-app' not found"));

            podman.killService();
            var dead = daemon.run();
            assertThat(dead.level()).isEqualTo(Level.CRIT);
            assertThat(dead.detail()).startsWith("docker daemon unavailable: " + podman.host()
                    + ": GET /_ping: ");
            assertThatThrownBy(app::run).as("nothing is known about the container: UNKNOWN")
                    .isInstanceOf(IOException.class);
        }
    }

    /** Podman runs health checks only when told to (no systemd timers here): the test tells it. */
    @Test
    void followsAContainersHealthCheck() throws Exception {
        try (var podman = PodmanService.start();
             var checks = DockerChecks.create(config(podman.host(), "rxh-web"), Ticker.system());
             var docker = podman.dockerClient()) {
            var web = checks.containers().get(0);
            docker.createContainerCmd(PodmanService.IMAGE).withName("rxh-web")
                    .withHealthcheck(new HealthCheck()
                            .withTest(List.of("CMD-SHELL", "test -e /tmp/ready"))
                            .withInterval(Duration.ofMinutes(10).toNanos())
                            .withRetries(1))
                    .exec();
            docker.startContainerCmd("rxh-web").exec();
            assertThat(web.run())
                    .isEqualTo(warn("rxh-web", "container rxh-web running, health check starting"));

            runHealthCheck(podman, "rxh-web");
            assertThat(web.run()).isEqualTo(crit("rxh-web", "container rxh-web unhealthy"));

            podman.cli("exec", "rxh-web", "sh", "-c", ": > /tmp/ready");
            runHealthCheck(podman, "rxh-web");
            assertThat(web.run().detail()).startsWith("container rxh-web running, healthy since ");
        }
    }

    /** {@code podman healthcheck run} exits 1 when the check fails; the state is what counts. */
    private static void runHealthCheck(PodmanService podman, String container) throws Exception {
        try {
            podman.cli("healthcheck", "run", container);
        } catch (IOException e) {
            assertThat(e).hasMessageContaining("exit 1");
        }
    }

    private static void assertRunning(Check check) throws Exception {
        var result = check.run();
        assertThat(result.level()).as(result.detail()).isEqualTo(Level.OK);
        assertThat(result.detail()).startsWith("container rxh-app running since ");
    }

    private static DockerCheckConfig config(String host, String container) {
        return new DockerCheckConfig(host, TIMEOUT, TIMEOUT, List.of(container), 3,
                Duration.ofMinutes(10));
    }

    private static CheckResult crit(String container, String detail) {
        return CheckResult.crit("container:" + container, detail);
    }

    private static CheckResult warn(String container, String detail) {
        return CheckResult.warn("container:" + container, detail);
    }
}
