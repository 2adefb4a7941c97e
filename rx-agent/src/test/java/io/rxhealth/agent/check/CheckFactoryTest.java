package io.rxhealth.agent.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.agent.config.AgentConfig;
import io.rxhealth.agent.config.ConfigLoader;
import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.Reaction;
import io.rxhealth.weighting.Ticker;
import java.io.Closeable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** What a reload keeps: the running instance of every check whose settings, reactions aside, are unchanged. */
class CheckFactoryTest {
    private final CheckFactory factory = new CheckFactory(Ticker.system(), InstantSource.system());

    @AfterEach
    void close() {
        factory.close();
    }

    static Stream<Arguments> reloads() {
        String disk = "disk: [ { path: /, warn: 80%, crit: 90% } ]";
        String http = "http: [ { name: app, url: 'http://127.0.0.1:1/health' } ]";
        String docker = "docker: { host: 'unix:///run/rxh-none.sock', containers: [ { name: a } ] }";
        return Stream.of(
                Arguments.of("an unchanged check is kept", disk, disk, "disk:/", true),
                Arguments.of("a change of reactions alone keeps it", disk,
                        "disk: [ { path: /, warn: 80%, crit: 90%, on-crit: 50% } ]", "disk:/", true),
                Arguments.of("a changed threshold starts it afresh", disk,
                        "disk: [ { path: /, warn: 70%, crit: 90% } ]", "disk:/", false),
                Arguments.of("a changed crit-for starts it afresh", "cpu: { crit-for: 30s }", "cpu: { crit-for: 10s }",
                        "cpu", false),
                Arguments.of("an unchanged endpoint keeps its window", http, http, "app", true),
                Arguments.of("a changed url starts it afresh", http,
                        "http: [ { name: app, url: 'http://127.0.0.1:2/health' } ]", "app", false),
                Arguments.of("a check beside an added one is kept", disk, disk + "\n  " + http, "disk:/", true),
                Arguments.of("an added check is new", disk, disk + "\n  " + http, "app", false),
                Arguments.of("an unchanged docker group is kept", docker, docker, "container:a", true),
                Arguments.of("a container added rebuilds the docker group", docker,
                        "docker: { host: 'unix:///run/rxh-none.sock', containers: [ { name: a }, { name: b } ] }",
                        "docker", false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("reloads")
    void aReloadKeepsTheRunningInstanceOfAnUnchangedCheck(String scenario, String before, String after,
                                                          String check, boolean kept) {
        CheckFactory.Built first = factory.build(config(before));
        CheckFactory.Built second = factory.rebuild(config(after), first);
        factory.retire(first, second);

        assertThat(second.kept().contains(check)).as(scenario).isEqualTo(kept);
        boolean same = instance(first, check) != null && instance(first, check) == instance(second, check);
        assertThat(same).as(scenario + ": the same instance").isEqualTo(kept);
    }

    @Test
    void aKeptCheckTakesItsNewReactions() {
        CheckFactory.Built first = factory.build(config("disk: [ { path: /, warn: 80%, crit: 90% } ]"));
        CheckFactory.Built second = factory.rebuild(
                config("disk: [ { path: /, warn: 80%, crit: 90%, on-crit: 50% } ]"), first);
        assertThat(second.policies().get("disk:/").onCrit()).isEqualTo(Reaction.weight(50));
        assertThat(second.kept()).contains("disk:/");
    }

    @Test
    void aPasswordFileReadAtEachLoginIsTheSameSettingInTwoLoads(@TempDir Path dir) throws Exception {
        Path password = Files.writeString(dir.resolve("pg.password"), "secret\n");
        Files.setPosixFilePermissions(password, PosixFilePermissions.fromString("rw-------"));
        String postgres = "postgres: [ { url: 'jdbc:postgresql://127.0.0.1:1/rx', user: rx, password-file: %s } ]"
                .formatted(password);
        AgentConfig one = config(postgres);
        AgentConfig two = config(postgres);
        // Equal configs: a SIGHUP with the file unchanged is "config unchanged", not a rebuild.
        assertThat(two).isEqualTo(one);
        CheckFactory.Built first = factory.build(one);
        assertThat(factory.rebuild(two, first).kept()).contains("postgres");
    }

    @Test
    void anInlinePasswordThatChangedIsAChangedCheck() {
        String postgres = "postgres: [ { url: 'jdbc:postgresql://127.0.0.1:1/rx', user: rx, password: %s } ]";
        CheckFactory.Built first = factory.build(config(postgres.formatted("one")));
        assertThat(factory.rebuild(config(postgres.formatted("one")), first).kept()).contains("postgres");
        assertThat(factory.rebuild(config(postgres.formatted("two")), first).kept()).doesNotContain("postgres");
    }

    @Test
    void retiringClosesOnlyTheClientsTheConfigInForceNoLongerUses() {
        List<String> closed = new ArrayList<>();
        CheckFactory.Group dropped = group("dropped", closed);
        CheckFactory.Group kept = group("kept", closed);
        factory.retire(built(dropped, kept), built(kept));
        assertThat(closed).containsExactly("dropped");
    }

    private static CheckFactory.Group group(String name, List<String> closed) {
        Closeable client = () -> closed.add(name);
        return new CheckFactory.Group("check:" + name, name, Map.of(), client);
    }

    private static CheckFactory.Built built(CheckFactory.Group... groups) {
        return new CheckFactory.Built(List.of(), Map.of(), Map.of(), Set.of(), List.of(groups));
    }

    private static Check instance(CheckFactory.Built built, String name) {
        return built.checks().stream().map(CheckRunner.Timed::check).filter(c -> c.name().equals(name)).findFirst()
                .orElse(null);
    }

    private static AgentConfig config(String checks) {
        return new ConfigLoader().parse("checks:\n  " + checks + "\n", "test");
    }
}
