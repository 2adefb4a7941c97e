package io.rxhealth.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * systemd/rx-health-agent-cds, as the service's ExecStartPre runs it: builds the class-data
 * archive from the class list shipped beside the jar, keeps a fitting one, rebuilds one that no
 * longer fits, never fails; and the agent started with the unit's flags maps its classes from it.
 */
class CdsArchiveIT {
    private static final Path SCRIPT = Path.of("..", "systemd", "rx-health-agent-cds").toAbsolutePath().normalize();
    private static final Path UNIT = Path.of("..", "systemd", "rx-health-agent.service").toAbsolutePath().normalize();
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @TempDir
    Path dir;
    private Path jar;
    private Path archive;
    private String javaOpts;

    @BeforeEach
    void shippedJar() throws Exception {
        jar = Path.of("target", "rx-health-agent.jar").toAbsolutePath();
        assertTrue(Files.exists(jar), jar + " is missing: run 'mvn package' first (failsafe runs after it)");
        assertTrue(Files.exists(Path.of("target", "rx-health-agent.classlist")),
                "target/rx-health-agent.classlist is missing: 'mvn package' copies it from src/main/cds");
        archive = dir.resolve("agent.jsa");
        Matcher opts = Pattern.compile("(?m)^Environment=JAVA_OPTS=\"([^\"]*)\"$").matcher(Files.readString(UNIT));
        assertTrue(opts.find(), "no Environment=JAVA_OPTS=\"...\" in " + UNIT);
        javaOpts = opts.group(1);
        assertThat(javaOpts).contains("-XX:SharedArchiveFile=/var/cache/rx-health-agent/agent.jsa");
    }

    @Test
    void buildsTheArchiveOnceAndTheAgentLoadsItsClassesFromIt() throws Exception {
        assertThat(cds(jar)).isEqualTo("rx-health-agent-cds: built " + archive + " from "
                + jar.resolveSibling("rx-health-agent.classlist") + "\n");
        FileTime built = Files.getLastModifiedTime(archive);

        // A fitting archive is kept: nothing said, nothing rewritten.
        assertThat(cds(jar)).isEmpty();
        assertEquals(built, Files.getLastModifiedTime(archive));

        // -Xshare:on: the JVM refuses to start unless it can map the archive.
        String loaded = run(List.of("-Xshare:on", "-Xlog:class+load=info", "-jar", jar.toString(), "config", "validate"));
        assertThat(loaded).contains("io.rxhealth.agent.AgentMain source: shared objects file",
                "io.rxhealth.agent.config.ConfigLoader source: shared objects file");
    }

    @Test
    void anArchiveThatNoLongerFitsIsRebuilt() throws Exception {
        cds(jar);
        // What a JDK or jar upgrade leaves behind, in effect: an archive the JVM will not map.
        Files.write(archive, "not an archive".getBytes(StandardCharsets.US_ASCII));
        assertThat(cds(jar)).isEqualTo("rx-health-agent-cds: " + archive + " does not fit this JDK or jar; rebuilding it\n"
                + "rx-health-agent-cds: built " + archive + " from " + jar.resolveSibling("rx-health-agent.classlist") + "\n");
        assertThat(run(List.of("-Xshare:on", "-jar", jar.toString(), "config", "validate"))).startsWith("config OK: ");
    }

    @Test
    void withoutAClassListTheAgentStartsWithoutAnArchive() throws Exception {
        Path lone = Files.copy(jar, dir.resolve("rx-health-agent.jar"));
        assertThat(cds(lone)).isEqualTo("rx-health-agent-cds: cannot read " + dir.resolve("rx-health-agent.classlist")
                + " (expected: the class list shipped beside " + lone + "); starting without a class-data archive\n");
        assertThat(archive).doesNotExist();
        // The unit's flags name the missing archive: the JVM runs without one and says nothing.
        assertThat(run(List.of("-jar", jar.toString(), "config", "validate"))).startsWith("config OK: ");
    }

    /** The script's output (stdout and stderr); it must exit 0 whatever happens. */
    private String cds(Path jarPath) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("sh", SCRIPT.toString(), jarPath.toString(), archive.toString())
                .redirectErrorStream(true);
        pb.environment().put("JAVA", JAVA);
        pb.environment().put("JAVA_OPTS", javaOpts);
        return finish(pb.start(), 120);
    }

    /** java with the unit's flags (its archive path moved to this test's), then {@code args}. */
    private String run(List<String> args) throws Exception {
        List<String> command = new ArrayList<>(List.of(JAVA));
        for (String flag : javaOpts.split(" ")) {
            command.add(flag.replace("/var/cache/rx-health-agent/agent.jsa", archive.toString()));
        }
        command.addAll(args);
        return finish(new ProcessBuilder(command).redirectErrorStream(true).start(), 60);
    }

    private static String finish(Process p, int seconds) throws Exception {
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(seconds, TimeUnit.SECONDS), "did not finish: " + out);
        assertEquals(0, p.exitValue(), out);
        return out;
    }
}
