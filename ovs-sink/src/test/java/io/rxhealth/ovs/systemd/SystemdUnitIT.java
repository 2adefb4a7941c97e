package io.rxhealth.ovs.systemd;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The daemon's unit file passes {@code systemd-analyze verify} without a single warning. */
class SystemdUnitIT {
    private static final Path UNIT = Path.of("..", "systemd", "rx-health-lbd.service");

    @Test
    void unitVerifiesCleanly() throws Exception {
        assertThat(UNIT).exists();
        Process p;
        try {
            p = new ProcessBuilder("systemd-analyze", "verify", UNIT.toAbsolutePath().normalize().toString()).start();
        } catch (IOException e) {
            throw new AssertionError("systemd-analyze is missing: apt-get install -y systemd", e);
        }
        p.getOutputStream().close();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("systemd-analyze finished").isTrue();
        String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        // verify exits 0 on warnings (an unknown key, a bad value): any output is a failure.
        assertThat(stderr).isEmpty();
        assertThat(p.exitValue()).isZero();
    }

    @Test
    void unitRunsTheJarWithTheConfigItValidatesFirst() throws Exception {
        String unit = Files.readString(UNIT);
        assertThat(unit).contains("ExecStartPre=/usr/bin/java -jar /opt/rx-health-lbd/rx-health-lbd.jar config validate /etc/rx-health/lbd.yaml")
                .contains("rx-health-lbd.jar run --config /etc/rx-health/lbd.yaml")
                .contains("LimitNOFILE=65536");
    }
}
