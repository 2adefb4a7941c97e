package io.rxhealth.agent.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.rxhealth.checks.docker.DockerCheckConfig;
import io.rxhealth.weighting.Reaction;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConfigLoaderTest {
    private final ConfigLoader loader = new ConfigLoader();

    @Test
    void embeddedDefaultIsHostChecksOnly() {
        AgentConfig c = loader.loadDefault();
        assertEquals(List.of("cpu", "load", "memory", "swap", "disk:/", "inode:/"), CheckSpec.names(c.checks()));
        assertEquals(9505, c.listen().address().getPort());
        assertEquals("auto", c.listen().socket());
        assertEquals(Duration.ofSeconds(2), c.interval());
        assertEquals(List.of(25, 50, 75), c.recoverySteps());
        assertEquals(Optional.empty(), c.stateDir());
        CheckSpec.Host cpu = (CheckSpec.Host) c.checks().get(0);
        assertEquals(0.85, cpu.warn(), 1e-9);
        assertEquals(Reaction.down(), cpu.policy().onCrit());
        assertEquals(Reaction.down(), cpu.policy().onUnknown());
    }

    @Test
    void aDockerSectionWithoutSettingsTakesTheDockerChecksOwnDefaults() {
        AgentConfig c = loader.parse("""
                checks:
                  docker:
                    containers: [{ name: rx-storage }]
                """, "test");
        CheckSpec.DockerDaemon daemon = (CheckSpec.DockerDaemon) c.checks().get(0);
        CheckSpec.Container container = (CheckSpec.Container) c.checks().get(1);
        assertEquals("unix:///var/run/docker.sock", daemon.host());
        assertEquals(DockerCheckConfig.DEFAULT_HOST, daemon.host());
        assertEquals(DockerCheckConfig.DEFAULT_HOST, container.host());
        assertEquals(DockerCheckConfig.DEFAULT_MAX_RESTARTS, container.restartLimit());
        assertEquals(DockerCheckConfig.DEFAULT_RESTART_WINDOW, container.restartWindow());
    }

    @Test
    void readsHttpDockerAndWindowSettings() {
        AgentConfig c = loader.parse("""
                state-dir: /tmp/rxh-state
                checks:
                  http:
                    - name: storage
                      url: http://127.0.0.1:8080/storage/health
                      expect: [200, 204]
                      timeout: 500ms
                      on-crit: down
                      window: { size: 10, min-samples: 3, p95-warn: 800ms, error-rate-crit: 20% }
                    - { name: preview, url: http://127.0.0.1:8080/preview/health, on-warn: 50%, on-crit: 50% }
                  docker:
                    host: tcp://127.0.0.1:2375
                    containers:
                      - { name: rx-storage, on-crit: down }
                """, "test");
        assertEquals(List.of("storage", "preview", "docker", "container:rx-storage"), CheckSpec.names(c.checks()));
        CheckSpec.Http storage = (CheckSpec.Http) c.checks().get(0);
        assertEquals(Duration.ofMillis(500), storage.timeout());
        assertEquals(Optional.of(Duration.ofMillis(800)), storage.window().p95Warn());
        assertEquals(Optional.of(0.2), storage.window().errorRateCrit());
        assertEquals(Path.of("/tmp/rxh-state"), c.stateDir().orElseThrow());
        CheckSpec.Http preview = (CheckSpec.Http) c.checks().get(1);
        assertEquals(Reaction.weight(50), preview.policy().onCrit());
        assertEquals(Duration.ofSeconds(1), preview.timeout());
    }

    @Test
    void readsTheAllowListAndTheShareOfOneSource() {
        AgentConfig c = loader.parse("""
                listen: { allow: [10.0.0.5, 10.0.1.0/24], max-per-source: 8 }
                checks: { cpu: {} }
                """, "test");
        assertEquals(List.of("10.0.0.5", "10.0.1.0/24"), c.listen().allow().entries());
        assertEquals(8, c.listen().maxPerSource());
        assertEquals(true, loader.loadDefault().listen().allow().allowsAny());
        assertEquals(32, loader.loadDefault().listen().maxPerSource());
    }

    @Test
    void resourceCritMustHoldThirtySecondsUnlessConfigured() {
        AgentConfig c = loader.parse("checks: { cpu: {}, load: { crit-for: 0s }, memory: { crit-for: 2m } }", "test");
        assertEquals(List.of(Duration.ofSeconds(30), Duration.ZERO, Duration.ofMinutes(2)),
                c.checks().stream().map(s -> ((CheckSpec.Host) s).critFor()).toList());
    }

    @Test
    void theDirectumRxExampleInTheDocsIsValid(@org.junit.jupiter.api.io.TempDir Path tmp) throws java.io.IOException {
        // The example's password files live under /etc/rx-health on a node; here, in a temp dir.
        String yaml = java.nio.file.Files.readString(Path.of("..", "docs", "examples", "directum-rx.yaml"))
                .replace("/etc/rx-health/", tmp + "/");
        for (String f : List.of("postgres.password", "rabbitmq.password")) {
            java.nio.file.Files.writeString(tmp.resolve(f), "secret\n");
            java.nio.file.Files.setPosixFilePermissions(tmp.resolve(f),
                    java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        }
        AgentConfig c = loader.parse(yaml, "directum-rx.yaml");
        assertEquals(List.of("cpu", "load", "memory", "swap", "disk:/", "disk:/var/lib/docker", "inode:/",
                "client-api", "web-client", "storage", "preview", "integration", "log", "docker",
                "container:rx-webserver", "container:rx-storageservice", "container:rx-previewservice",
                "postgres", "rabbitmq", "rabbitmq-queue:rx.background"),
                CheckSpec.names(c.checks()));
        assertEquals(Reaction.down(), policyOf(c, "postgres").onCrit());
        assertEquals(Reaction.weight(50), policyOf(c, "postgres").onWarn());
        assertEquals(Reaction.weight(50), policyOf(c, "rabbitmq").onCrit());
        assertEquals(Reaction.weight(75), policyOf(c, "rabbitmq-queue:rx.background").onWarn());
        assertEquals(Reaction.down(), policyOf(c, "storage").onCrit());
        assertEquals(Reaction.weight(50), policyOf(c, "preview").onCrit());
        assertEquals(Reaction.weight(75), policyOf(c, "log").onCrit());
        assertEquals(Reaction.weight(50), policyOf(c, "swap").onCrit());
    }

    private static io.rxhealth.weighting.CheckPolicy policyOf(AgentConfig c, String name) {
        return c.checks().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow().policy();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # case                     | yaml                                                          | message
        unknown top-level key      | 'intervall: 2s'                                               | 'test: unknown key ''intervall'' (expected one of: check-timeout, checks, fall, hold, interval, listen, ready-interval, recovery, rise, state-dir, status)'
        unknown nested key         | 'checks: { cpu: { warn: 50%, critical: 90% } }'               | 'test: unknown key ''checks.cpu.critical'' (expected one of: crit, crit-for, enabled, on-crit, on-unknown, on-warn, timeout, warn)'
        bad duration               | 'interval: 2 seconds'                                         | 'test: interval: ''2 seconds'' (expected: a duration such as 500ms, 2s, 5m or 1h)'
        zero interval              | 'interval: 0s'                                                | 'test: interval: ''0s'' (expected: a duration above 0)'
        bad percentage             | 'checks: { memory: { warn: 85 } }'                            | 'test: checks.memory.warn: ''85'' (expected: a percentage such as 80%)'
        percentage above 100       | 'checks: { memory: { crit: 120% } }'                          | 'test: checks.memory.crit: ''120%'' (expected: a percentage from 0% to 100%)'
        warn above crit            | 'checks: { disk: [ { path: /, warn: 90%, crit: 80% } ] }'    | 'test: checks.disk[0].warn: ''90%'' (expected: at most crit (0.8))'
        bad reaction               | 'checks: { swap: { on-crit: 120% } }'                         | 'test: checks.swap.on-crit: ''120%'' (expected: none, down or 0%..100%)'
        relative mount path        | 'checks: { inode: [ { path: var } ] }'                        | 'test: checks.inode[0].path: ''var'' (expected: an absolute path)'
        bad url scheme             | 'checks: { http: [ { name: a, url: ftp://x/ } ] }'            | 'test: checks.http[0].url: ''ftp://x/'' (expected: an http:// or https:// URL)'
        bad status code            | 'checks: { http: [ { name: a, url: http://x/, expect: [999] } ] }' | 'test: checks.http[0].expect: 999 (expected: HTTP status codes 100..599)'
        duplicate check            | 'checks: { disk: [ { path: / }, { path: / } ] }'              | 'test: checks: ''disk:/'' (expected: unique check names (this one appears twice))'
        bad socket mode            | 'listen: { socket: systemd }'                                 | 'test: listen.socket: ''systemd'' (expected: auto, bind or inherited)'
        bad port                   | 'listen: { port: 70000 }'                                     | 'test: listen.port: 70000 (expected: 0..65535)'
        allow-list host name       | 'listen: { allow: [10.0.0.5, haproxy-1] }'                    | 'test: listen.allow[1]: ''haproxy-1'' (expected: an IP address or CIDR range such as 10.0.0.5, 10.0.1.0/24 or fd00::/64)'
        allow-list bad prefix      | 'listen: { allow: [10.0.0.0/33] }'                            | 'test: listen.allow[0]: ''10.0.0.0/33'' (expected: an IP address or CIDR range such as 10.0.0.5, 10.0.1.0/24 or fd00::/64)'
        empty allow-list           | 'listen: { allow: [] }'                                       | 'test: listen.allow: ''[]'' (expected: at least one address, or no listen.allow for any)'
        bad crit-for               | 'checks: { cpu: { crit-for: soon } }'                         | 'test: checks.cpu.crit-for: ''soon'' (expected: a duration such as 500ms, 2s, 5m or 1h)'
        no share per source        | 'listen: { max-per-source: 0 }'                               | 'test: listen.max-per-source: 0 (expected: >= 1)'
        bad docker host            | 'checks: { docker: { host: /var/run/docker.sock } }'          | 'test: checks.docker.host: ''/var/run/docker.sock'' (expected: unix:///path or tcp://host:port)'
        port is not a number       | 'listen: { port: ninety }'                                    | 'test: listen.port: ''ninety'' (expected: a whole number)'
        text where a mapping goes  | 'checks: cpu'                                                 | 'test: checks: wrong kind of value (expected: a mapping of keys)'
        mapping where a list goes  | 'checks: { disk: { path: / } }'                               | 'test: checks.disk: wrong kind of value (expected: a list)'
        recovery step above 100    | 'recovery: { steps: [50, 150] }'                              | 'test: recovery.steps[1]: 150 (expected: a percentage 1..100)'
        """)
    void rejectsBadConfigInOneLineNamingKeyValueAndExpectation(String scenario, String yaml, String message) {
        String withCheck = yaml.startsWith("checks:") || yaml.startsWith("interval: 2s") ? yaml
                : yaml + "\nchecks: { cpu: {} }";
        ConfigException e = assertThrows(ConfigException.class, () -> loader.parse(withCheck, "test"));
        assertEquals(message, e.getMessage(), scenario);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # case                     | yaml                                                  | message
        only a comment             | '# nothing here'                                      | 'test: empty (expected: a YAML mapping)'
        empty document marker      | '---'                                                 | 'test: empty (expected: a YAML mapping)'
        a second document          | 'checks: { cpu: {} }\\n---\\nrise: 3'                  | 'test: a second YAML document at line 3 (expected: one mapping)'
        a key given twice          | 'checks: { cpu: {} }\\nchecks: { load: {} }'           | 'test: duplicate key ''checks'' (expected: each key once)'
        """)
    void rejectsTextThatIsNotOneYamlMapping(String scenario, String yaml, String message) {
        ConfigException e = assertThrows(ConfigException.class, () -> loader.parse(yaml.replace("\\n", "\n"), "test"));
        assertEquals(message, e.getMessage(), scenario);
    }

    @Test
    void rejectsAnEmptyFile() {
        ConfigException e = assertThrows(ConfigException.class, () -> loader.parse("\n", "/etc/x.yaml"));
        assertEquals("/etc/x.yaml: empty (expected: a YAML mapping such as the embedded default)", e.getMessage());
    }

    @Test
    void rejectsAMissingFileNamingIt() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> loader.load(Optional.of(Path.of("/nonexistent/rxh.yaml"))));
        assertEquals("/nonexistent/rxh.yaml: no such file (expected: a readable YAML file)", e.getMessage());
    }

    @Test
    void rejectsAFileThatIsNotUtf8NamingItAndTheByte(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path latin1 = java.nio.file.Files.write(dir.resolve("agent.yaml"),
                new byte[] {'i', 'n', 't', 'e', 'r', 'v', 'a', 'l', ':', ' ', '2', 's', ' ', '#', ' ', (byte) 0xe9, '\n'});
        ConfigException e = assertThrows(ConfigException.class, () -> loader.load(Optional.of(latin1)));
        assertEquals(latin1 + ": not UTF-8 at byte 15 (expected: a UTF-8 YAML file)", e.getMessage());
    }
}
