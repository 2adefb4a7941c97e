package io.rxhealth.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Test;

/** The shipped units pass {@code systemd-analyze verify} and keep the socket-activation contract. */
class SystemdUnitsIT {
    private static final Path UNITS = Path.of("..", "systemd").toAbsolutePath().normalize();

    /** In a scratch root holding the programs the units name, as the package installs them. */
    @Test
    void unitsVerify(@TempDir Path root) throws Exception {
        Path units = root.resolve("usr/lib/systemd/system");
        Files.createDirectories(units);
        run("cp", "-r", "/usr/lib/systemd/system/.", units.toString());
        for (String u : new String[] {"rx-health-agent.socket", "rx-health-agent.service"}) {
            Files.copy(UNITS.resolve(u), units.resolve(u));
            Matcher exec = Pattern.compile("(?m)^Exec\\w+=-?(/\\S+)").matcher(Files.readString(UNITS.resolve(u)));
            while (exec.find()) {
                Path stub = root.resolve(exec.group(1).substring(1));
                Files.createDirectories(stub.getParent());
                Files.writeString(stub, "#!/bin/sh\n");
                Files.setPosixFilePermissions(stub, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
        String out = run("systemd-analyze", "verify", "--root=" + root, "/usr/lib/systemd/system/rx-health-agent.socket",
                "/usr/lib/systemd/system/rx-health-agent.service");
        assertThat(out).doesNotContain("rx-health-agent.s");
    }

    @Test
    void exposureStaysAtMost3point3() throws Exception {
        String out = run("systemd-analyze", "security", "--offline=yes", UNITS.resolve("rx-health-agent.service").toString());
        Matcher m = Pattern.compile("Overall exposure level for rx-health-agent.service: ([0-9.]+)").matcher(out);
        assertTrue(m.find(), out);
        assertThat(Double.parseDouble(m.group(1))).isLessThanOrEqualTo(3.3);
    }

    @Test
    void reloadStopAndValidationBeforeStart() throws Exception {
        String service = Files.readString(UNITS.resolve("rx-health-agent.service"));
        assertThat(service).contains("ExecReload=/bin/sh -c 'kill -HUP $MAINPID'", "SuccessExitStatus=143",
                "ExecStartPre=/usr/bin/rx-health-agent config validate --config /etc/rx-health/agent.yaml",
                "ExecStart=/usr/bin/rx-health-agent run --config /etc/rx-health/agent.yaml");
    }

    private static String run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(true, p.waitFor(60, TimeUnit.SECONDS), command[0] + " hung");
        assertEquals(0, p.exitValue(), out);
        return out;
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
                "ExecStartPre=-/usr/libexec/rx-health/rx-health-agent-cds /usr/share/rx-health-agent/rx-health-agent.jar "
                        + "/var/cache/rx-health-agent/agent.jsa",
                "-XX:SharedArchiveFile=/var/cache/rx-health-agent/agent.jsa\"");
        assertThat(UNITS.resolve("rx-health-agent-cds")).isExecutable();
    }
}
