package io.rxhealth.ovs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rxhealth.ovs.LbNode;
import io.rxhealth.ovs.LbNodeMain;
import io.rxhealth.ovs.config.ConfigLoader;
import io.rxhealth.ovs.fake.FakeAgent;
import io.rxhealth.ovs.fake.FakeHttpTarget;
import io.rxhealth.ovs.slots.RecordingSlotTableWriter;
import io.rxhealth.weighting.Ticker;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The operator commands against a running node's API. */
class CliIT {
    private FakeHttpTarget target;
    private FakeAgent agent;
    private LbNode node;
    private String api;
    private String member;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void setUp() throws Exception {
        target = new FakeHttpTarget();
        agent = new FakeAgent("up 75%\n");
        member = "127.0.0.1:" + target.port();
        String yaml = """
            openflow: br-test
            api: 127.0.0.1:0
            intervals: {probe: 200ms, probe-timeout: 100ms, agent: 200ms, agent-timeout: 100ms}
            pools:
              - {id: 3, name: web, listener: 192.168.5.21:80, slots: 251,
                 members: [{address: 127.0.0.1, port: %d, agent-port: %d}]}
            """.formatted(target.port(), agent.port());
        node = new LbNode(new ConfigLoader().parse(yaml), new RecordingSlotTableWriter(),
                new PrometheusMeterRegistry(PrometheusConfig.DEFAULT), InstantSource.system(), Ticker.system());
        node.start();
        api = "127.0.0.1:" + node.apiAddress().getPort();
    }

    @AfterEach
    void tearDown() throws Exception {
        node.close();
        agent.close();
        target.close();
    }

    @Test
    void showsHealthAndSlots() {
        assertThat(run("health", "--api", api)).isZero();
        assertThat(out.toString()).contains("POOL", member, "up 75%", "'up 75%'");

        assertThat(run("slots", "--api", api)).isZero();
        assertThat(out.toString()).contains("100.0%", "251", "digest");

        assertThat(run("slots", "--json", "--api", api)).isZero();
        assertThat(out.toString()).contains("\"effectiveWeight\" : 75");
    }

    @Test
    void drainsAndEnablesAConfiguredMember() {
        // The pool's only member: draining it empties the table, which takes --force.
        assertThat(run("drain", member, "--force", "--api", api)).isZero();
        assertThat(out.toString()).isEqualTo(member + ": drained in pool web; FAIL-CLOSE: pool web has no member in"
                + " the table, traffic is dropped\n");
        assertThat(run("drain", member, "--api", api)).isZero();
        assertThat(out.toString()).isEqualTo(member + ": drained (already) in pool web\n");
        assertThat(node.report().get(0).members().get(0).operatorDrain()).isTrue();

        assertThat(run("enable", member, "--api", api)).isZero();
        assertThat(node.report().get(0).members().get(0).operatorDrain()).isFalse();
    }

    @Test
    void refusesToDrainThePoolsLastMemberWithoutForceInOneLine() {
        assertThat(run("drain", member, "--api", api)).isEqualTo(LbdCommand.REFUSED);
        assertThat(err.toString()).isEqualTo("rx-health-lbd: API POST /drain: HTTP 409: drain of " + member
                + " would leave pool web with no member in the table, and its traffic dropped (fail-close);"
                + " force it with ?force=true (rx-health-lbd drain --force)\n");
        assertThat(node.report().get(0).members().get(0).operatorDrain()).isFalse();
        assertThat(run("enable", member, "--force", "--api", api)).isEqualTo(LbdCommand.REFUSED);
    }

    @Test
    void refusesAnUnknownMemberWithOneLine() {
        assertThat(run("drain", "10.9.9.9:80", "--api", api)).isEqualTo(LbdCommand.REFUSED);
        assertThat(err.toString()).isEqualTo("rx-health-lbd: API POST /drain: HTTP 404: member: 10.9.9.9:80"
                + " (expected: address:port of a configured member)\n");
    }

    @Test
    void saysWhenTheDaemonIsNotRunning() {
        assertThat(run("health", "--api", "127.0.0.1:1")).isEqualTo(LbdCommand.IO);
        assertThat(err.toString()).startsWith("rx-health-lbd: cannot reach the API at http://127.0.0.1:1");
    }

    @Test
    void runSaysInOneLineWhenTheApiPortIsTaken(@TempDir Path dir) throws Exception {
        Path config = dir.resolve("lbd.yaml");
        Files.writeString(config, "openflow: br-lb\napi: " + api + "\npools: [{id: 1, name: web, listener: 10.0.0.1:80,"
                + " members: [{address: 127.0.0.1, port: 9, agent: false, probe: {kind: tcp}}]}]\n");

        assertThat(run("run", "--dry-run", "--config", config.toString())).isEqualTo(LbdCommand.IO);
        assertThat(err.toString()).startsWith("rx-health-lbd: api " + api + ": cannot listen (").doesNotContain("\tat ");
    }

    @Test
    void validatesConfigFiles(@TempDir Path dir) throws Exception {
        Path good = dir.resolve("good.yaml");
        Files.writeString(good, "openflow: br-lb\npools: [{id: 1, name: web, listener: 10.0.0.1:80,"
                + " members: [{address: 10.20.0.2, port: 8080}]}]\n");
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "openflow: br-lb\npools: [{id: 1, name: web, listener: 10.0.0.1:80, slots: 1000,"
                + " members: [{address: 10.20.0.2, port: 8080}]}]\n");

        assertThat(run("config", "validate", good.toString())).isZero();
        assertThat(out.toString()).isEqualTo(good + ": ok (1 pools, 1 members)\n");
        assertThat(run("config", "validate", bad.toString())).isEqualTo(LbdCommand.CONFIG);
        assertThat(err.toString()).isEqualTo(bad + ": pools[0].slots: 1000 (expected: a power of two or a prime, >= 2)\n");
    }

    private int run(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        return LbNodeMain.commandLine(new PrintWriter(out, true), new PrintWriter(err, true)).execute(args);
    }
}
