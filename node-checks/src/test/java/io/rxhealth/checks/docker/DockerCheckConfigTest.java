package io.rxhealth.checks.docker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DockerCheckConfigTest {
    @Test
    void defaultsToTheLocalDaemon() {
        var config = DockerCheckConfig.defaults(List.of("rx-app"));
        assertThat(config.host()).isEqualTo("unix:///var/run/docker.sock");
        assertThat(config.maxRestarts()).isEqualTo(3);
        assertThat(config.restartWindow()).isEqualTo(Duration.ofMinutes(10));
    }

    @ParameterizedTest
    @CsvSource({"unix:///var/run/docker.sock", "unix:///run/podman/podman.sock",
                "tcp://127.0.0.1:2375", "tcp://localhost:2375"})
    void acceptsUnixSocketsAndTcpPorts(String host) {
        assertThat(config(host, List.of()).host()).isEqualTo(host);
    }

    @ParameterizedTest
    @CsvSource({"/var/run/docker.sock", "unix://", "unix:///", "tcp://127.0.0.1",
                "https://127.0.0.1:2376", "npipe:////./pipe/docker_engine", "'unix:///a b'"})
    void rejectsOtherHostsNamingThem(String host) {
        assertThatThrownBy(() -> config(host, List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("docker host: '" + host
                        + "' (expected: unix:///path/to/docker.sock or tcp://host:port)");
    }

    @ParameterizedTest
    @CsvSource({"'', a container name or id", "../etc, a container name or id",
                "rx app, a container name or id", "-rx, a container name or id"})
    void rejectsContainerNamesDockerWouldReject(String name, String expected) {
        assertThatThrownBy(() -> config("tcp://127.0.0.1:2375", List.of(name)))
                .hasMessageStartingWith("container: '" + name + "' (expected: " + expected);
    }

    @Test
    void rejectsAContainerListedTwice() {
        assertThatThrownBy(() -> config("tcp://127.0.0.1:2375", List.of("rx-app", "rx-app")))
                .hasMessage("container: 'rx-app' (expected: each container listed once)");
    }

    @Test
    void rejectsNonPositiveDurationsAndNegativeRestartLimits() {
        var host = DockerCheckConfig.DEFAULT_HOST;
        var second = Duration.ofSeconds(1);
        assertThatThrownBy(() -> new DockerCheckConfig(host, Duration.ZERO, second, List.of(), 3, second))
                .hasMessage("connectTimeout: PT0S (expected: > 0)");
        assertThatThrownBy(() -> new DockerCheckConfig(host, second, second.negated(), List.of(), 3, second))
                .hasMessage("responseTimeout: PT-1S (expected: > 0)");
        assertThatThrownBy(() -> new DockerCheckConfig(host, second, second, List.of(), -1, second))
                .hasMessage("maxRestarts: -1 (expected: >= 0)");
        assertThatThrownBy(() -> new DockerCheckConfig(host, second, second, List.of(), 3, Duration.ZERO))
                .hasMessage("restartWindow: PT0S (expected: > 0)");
    }

    private static DockerCheckConfig config(String host, List<String> containers) {
        return new DockerCheckConfig(host, Duration.ofSeconds(1), Duration.ofSeconds(2), containers,
                3, Duration.ofMinutes(10));
    }
}
