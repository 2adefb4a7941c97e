package io.rxhealth.ovs.systemd;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.ovs.flow.OvsSandbox;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The daemon's unit: {@code systemd-analyze verify} without a single warning (in a scratch root
 * holding the programs it names, as the package installs them), exposure at most 4.0, and the
 * privileges it leaves are enough to drive a real ovs-vswitchd: the OVS tools, and the daemon
 * itself writing table 11. Runs under the OVS lock (flock /tmp/rxh-ovs.lock).
 */
class SystemdUnitIT {
    private static final Path UNIT = Path.of("..", "systemd", "rx-health-lbd.service").toAbsolutePath().normalize();

    @Test
    void unitVerifiesCleanly(@TempDir Path root) throws Exception {
        String unit = Files.readString(UNIT);
        Path units = root.resolve("usr/lib/systemd/system");
        Files.createDirectories(units);
        // systemd's own units (targets, slices) from the host; the daemon's programs as stubs.
        run(List.of("cp", "-r", "/usr/lib/systemd/system/.", units.toString()));
        Files.copy(UNIT, units.resolve("rx-health-lbd.service"));
        Matcher exec = Pattern.compile("(?m)^Exec\\w+=-?(/\\S+)").matcher(unit);
        while (exec.find()) {
            Path stub = root.resolve(exec.group(1).substring(1));
            Files.createDirectories(stub.getParent());
            Files.writeString(stub, "#!/bin/sh\n");
            Files.setPosixFilePermissions(stub, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        String out = run(List.of("systemd-analyze", "verify", "--root=" + root, "/usr/lib/systemd/system/rx-health-lbd.service"));
        // verify exits 0 on warnings (an unknown key, a bad value): any output is a failure.
        assertThat(out).isEmpty();
    }

    @Test
    void exposureIsAtMostFour() throws Exception {
        String out = run(List.of("systemd-analyze", "security", "--offline=yes", UNIT.toString()));
        Matcher m = Pattern.compile("Overall exposure level for rx-health-lbd.service: ([0-9.]+)").matcher(out);
        assertThat(m.find()).as(out).isTrue();
        assertThat(Double.parseDouble(m.group(1))).isLessThanOrEqualTo(4.0);
    }

    @Test
    void unitRunsThePackagedProgramWithTheConfigItValidatesFirst() throws Exception {
        String unit = Files.readString(UNIT);
        assertThat(unit).contains("ExecStartPre=/usr/bin/rx-health-lbd config validate --config /etc/rx-health/lbd.yaml")
                .contains("ExecStart=/usr/bin/rx-health-lbd run --config /etc/rx-health/lbd.yaml")
                .contains("ExecReload=/bin/sh -c 'kill -HUP $MAINPID'", "SuccessExitStatus=143")
                .contains("LimitNOFILE=65536");
    }

    /**
     * The unit's privileges (User=root, an empty CapabilityBoundingSet, NoNewPrivileges), applied
     * with setpriv to the OVS tools the daemon runs, against a private ovs-vswitchd: OpenFlow
     * bundles to the bridge's management socket and ovs-appctl to the daemon's control socket
     * still work with no capability at all.
     */
    @Test
    @ExtendWith(OvsSandbox.PerTestClass.class)
    void theUnitsPrivilegesStillDriveOpenVswitch(OvsSandbox ovs) throws Exception {
        String unit = Files.readString(UNIT);
        assertThat(unit).containsPattern("(?m)^User=root$").containsPattern("(?m)^CapabilityBoundingSet=$")
                .containsPattern("(?m)^AmbientCapabilities=$").containsPattern("(?m)^NoNewPrivileges=yes$");
        List<String> dropped = List.of("setpriv", "--reuid=0", "--regid=0", "--clear-groups", "--bounding-set=-all",
                "--inh-caps=-all", "--ambient-caps=-all", "--no-new-privs");
        Path flows = ovs.dir().resolve("rxh-flows.txt");
        Files.writeString(flows, "table=11,priority=100,reg0=7,actions=drop\n");
        List<String> add = new ArrayList<>(dropped);
        add.addAll(List.of("ovs-ofctl", "--no-names", "-O", "OpenFlow14", "--bundle", "add-flows", ovs.target(),
                flows.toString()));
        run(add);
        List<String> dump = new ArrayList<>(dropped);
        dump.addAll(List.of("ovs-ofctl", "--no-names", "-O", "OpenFlow14", "dump-flows", ovs.target(), "table=11"));
        assertThat(run(dump)).contains("reg0=0x7");
        List<String> status = new ArrayList<>(dropped);
        status.addAll(List.of("grep", "CapEff", "/proc/self/status"));
        assertThat(run(status)).contains("0000000000000000");
        List<String> appctl = new ArrayList<>(dropped);
        appctl.addAll(List.of("ovs-appctl", "-t", ovs.dir().resolve("vswitchd.ctl").toString(),
                "version"));
        assertThat(run(appctl)).contains("ovs-vswitchd");
    }

    /**
     * The daemon itself, as the unit starts it (uid 0, no capability in any set, no new
     * privileges), against a private ovs-vswitchd: it probes its member and writes the member's
     * slots into table 11 over its OpenFlow connection to the bridge's root-owned management
     * socket (ovs-ofctl, where it still runs one, inherits the same empty sets).
     */
    @Test
    @ExtendWith(OvsSandbox.PerTestClass.class)
    void theDaemonWritesTable11UnderTheUnitsPrivileges(OvsSandbox ovs, @TempDir Path dir) throws Exception {
        Path jar = Path.of("target", "rx-health-lbd.jar").toAbsolutePath();
        assertThat(jar).as("the daemon's jar (mvn verify builds it in package)").exists();
        String java = ProcessHandle.current().info().command().orElse("java");
        try (ServerSocket member = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread accepting = new Thread(() -> {
                while (!member.isClosed()) {
                    try {
                        member.accept().close();
                    } catch (IOException e) {
                        return;
                    }
                }
            }, "rxh-member");
            accepting.setDaemon(true);
            accepting.start();
            Path config = Files.writeString(dir.resolve("lbd.yaml"), """
                    openflow: %s
                    api: 127.0.0.1:0
                    intervals: { probe: 500ms, probe-timeout: 250ms, rise: 1, fall: 1 }
                    pools:
                      - { id: 7, name: web, listener: 192.168.5.21:80, slots: 7,
                          members: [ { address: 127.0.0.1, port: %d, agent: false, probe: { kind: tcp } } ] }
                    """.formatted(ovs.target(), member.getLocalPort()));
            List<String> command = new ArrayList<>(List.of("setpriv", "--reuid=0", "--regid=0", "--clear-groups",
                    "--bounding-set=-all", "--inh-caps=-all", "--ambient-caps=-all", "--no-new-privs"));
            command.addAll(List.of(java, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-jar", jar.toString(), "run",
                    "--config", config.toString()));
            Process daemon = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("lbd.log").toFile()).start();
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
                String table = "";
                while (System.nanoTime() < deadline && daemon.isAlive()
                        && !table.contains("set_field:0x7f000001->reg2")) {
                    Thread.sleep(200);
                    table = ovs.ofctl("dump-flows", ovs.target(), "table=11");
                }
                assertThat(table).as("table 11; the daemon's log:%n%s", Files.readString(dir.resolve("lbd.log")))
                        .contains("reg3=0x7", "set_field:0x7f000001->reg2");
                // setpriv execs: the process is the JVM itself, with every capability set empty.
                String status = Files.readString(Path.of("/proc", Long.toString(daemon.pid()), "status"));
                assertThat(status).containsPattern("(?m)^CapEff:\\s+0+$").containsPattern("(?m)^CapBnd:\\s+0+$")
                        .containsPattern("(?m)^NoNewPrivs:\\s+1$");
            } finally {
                daemon.destroy();
                if (!daemon.waitFor(30, TimeUnit.SECONDS)) {
                    daemon.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            }
        }
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new AssertionError(command.get(0) + " is missing: apt-get install -y systemd util-linux openvswitch-switch", e);
        }
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("%s finished", command).isTrue();
        if (!command.get(0).equals("systemd-analyze") || command.get(1).equals("verify")) {
            assertThat(p.exitValue()).as("%s: %s", command, out).isZero();
        }
        return out;
    }
}
