package io.rxhealth.ovs.stand;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.ovs.flow.BundleSlotWriter;
import io.rxhealth.ovs.flow.MoveStyle;
import io.rxhealth.ovs.flow.PoolReadback;
import io.rxhealth.ovs.openflow.OfctlSwitch;
import io.rxhealth.ovs.process.CommandResult;
import io.rxhealth.ovs.process.CommandRunner;
import io.rxhealth.weighting.Ticker;
import java.io.ByteArrayOutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The stand's two consumers of the agents' verdicts, read and driven from outside: HAProxy through
 * its admin socket, the LB daemon through its API in rxh-lb, table 11 through ovs-ofctl.
 */
final class Consumers {
    /** The pool both consumers serve (stand/env RXH_POOL): the public listener's. */
    static final int POOL = 1;
    static final int SLOTS = 1024;
    private static final String API = "http://127.0.0.1:9111";

    private final Stand stand;
    private final BundleSlotWriter table11;

    Consumers(Stand stand) {
        this.stand = stand;
        this.table11 = new BundleSlotWriter(new OfctlSwitch(stand.target(), CommandRunner.processes()), MoveStyle.REPLACE, Ticker.system());
    }

    Views views() throws Exception {
        return new Views(haproxy(), daemon(), table11.read().pool(POOL, SLOTS));
    }

    Map<String, HaproxyServer> haproxy() throws Exception {
        return HaproxyServer.parse(haproxyCommand("show servers state"));
    }

    /** One command on HAProxy's admin socket; the whole answer. */
    String haproxyCommand(String command) throws Exception {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(stand.lbState().resolve("haproxy.sock")));
            channel.write(ByteBuffer.wrap((command + "\n").getBytes(StandardCharsets.US_ASCII)));
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            ByteBuffer buffer = ByteBuffer.allocate(8192);
            while (channel.read(buffer) >= 0) {
                answer.write(buffer.array(), 0, buffer.position());
                buffer.clear();
            }
            return answer.toString(StandardCharsets.US_ASCII);
        }
    }

    /** One request to HAProxy's frontend in rxh-lb: the status code, a space, the body on one line. */
    String haproxyFrontend() throws Exception {
        CommandResult result = stand.on("lb", "curl", "-s", "-m", "3", "-w", "\n%{http_code}", "http://127.0.0.1:8000/");
        String out = result.stdout();
        int cut = out.lastIndexOf('\n');
        return out.substring(cut + 1) + " " + out.substring(0, Math.max(cut, 0)).replace('\n', ' ');
    }

    DaemonPool daemon() throws Exception {
        return daemon(POOL);
    }

    /** Pool ID as the daemon reports it in {@code /slots}. */
    DaemonPool daemon(int pool) throws Exception {
        return DaemonPool.parse(api("GET", "/slots"), pool);
    }

    /** What table 11 of the switch holds for pool ID. */
    PoolReadback table(int pool) throws Exception {
        return table11.read().pool(pool, SLOTS);
    }

    /** The daemon's {@code /status} (JSON). */
    String status() throws Exception {
        return api("GET", "/status");
    }

    /** The daemon's {@code /metrics} (Prometheus text). */
    String metrics() throws Exception {
        return api("GET", "/metrics");
    }

    /** Packets the fail-close flow of table 11 dropped so far. */
    long dropped() throws Exception {
        return table11.read().failClose().orElseThrow(() -> new AssertionError("table 11 has no drop flow")).packets();
    }

    void drain(String backend) throws Exception {
        assertThat(compact(api("POST", "/drain?member=" + Stand.MEMBERS.get(backend)))).contains("\"operatorDrain\":true");
    }

    void enable(String backend) throws Exception {
        assertThat(compact(api("POST", "/enable?member=" + Stand.MEMBERS.get(backend)))).contains("\"operatorDrain\":false");
    }

    void reapply() throws Exception {
        assertThat(compact(api("POST", "/reapply"))).contains("\"reapplied\":true");
    }

    private static String compact(String json) {
        return json.replaceAll("\\s", "");
    }

    /** A request to the daemon's API (curl in rxh-lb); the body of a 200 answer. */
    private String api(String method, String path) throws Exception {
        CommandResult result = stand.on("lb", "curl", "-s", "-m", "5", "-X", method, "-w", "\n%{http_code}", API + path);
        String out = result.stdout();
        int cut = out.lastIndexOf('\n');
        assertThat(result.exitCode()).as("curl %s %s: %s", method, path, result.stderr()).isZero();
        assertThat(out.substring(cut + 1)).as("%s %s: %s", method, path, out).isEqualTo("200");
        return out.substring(0, cut);
    }
}
