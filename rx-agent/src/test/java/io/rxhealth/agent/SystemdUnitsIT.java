package io.rxhealth.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The shipped units pass {@code systemd-analyze verify} and keep the socket-activation contract. */
class SystemdUnitsIT {
    private static final Path UNITS = Path.of("..", "systemd").toAbsolutePath().normalize();

    @Test
    void unitsVerify() throws Exception {
        Process p = new ProcessBuilder("systemd-analyze", "verify",
                UNITS.resolve("rx-health-agent.socket").toString(), UNITS.resolve("rx-health-agent.service").toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(true, p.waitFor(60, TimeUnit.SECONDS), "systemd-analyze hung");
        assertEquals(0, p.exitValue(), out);
        assertThat(out).doesNotContain("rx-health-agent.s");
    }

    @Test
    void socketIsAcceptNoAndTheServiceReadsItOnStdinWithLogsToTheJournal() throws Exception {
        String socket = Files.readString(UNITS.resolve("rx-health-agent.socket"));
        String service = Files.readString(UNITS.resolve("rx-health-agent.service"));
        assertThat(socket).contains("ListenStream=9505", "Accept=no");
        assertThat(service).contains("StandardInput=socket", "StandardOutput=journal", "StandardError=journal",
                "ReadWritePaths=/var/lib/rx-health-agent", "-XX:+UseSerialGC -Xms8m -Xmx32m");
    }

    @Test
    void theServiceKeepsItsClassDataArchiveInItsCacheDirectoryBeforeEveryStart() throws Exception {
        String service = Files.readString(UNITS.resolve("rx-health-agent.service"));
        // '-': a failure to build the archive must not keep the agent from starting.
        assertThat(service).contains("CacheDirectory=rx-health-agent",
                "ExecStartPre=-/opt/rx-health/rx-health-agent-cds /opt/rx-health/rx-health-agent.jar "
                        + "/var/cache/rx-health-agent/agent.jsa",
                "-XX:SharedArchiveFile=/var/cache/rx-health-agent/agent.jsa\"");
        assertThat(UNITS.resolve("rx-health-agent-cds")).isExecutable();
    }
}
