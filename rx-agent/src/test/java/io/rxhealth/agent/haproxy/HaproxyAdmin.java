package io.rxhealth.agent.haproxy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * HAProxy's runtime API on its admin unix socket: one command per connection (non-interactive
 * mode: HAProxy answers and closes). JDK unix-domain channels, so no socat or python is needed.
 */
final class HaproxyAdmin {
    private final Path socket;

    HaproxyAdmin(Path socket) {
        this.socket = socket;
    }

    String command(String command) throws IOException {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(socket));
            channel.write(ByteBuffer.wrap((command + "\n").getBytes(StandardCharsets.US_ASCII)));
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            ByteBuffer buffer = ByteBuffer.allocate(16 * 1024);
            while (channel.read(buffer) >= 0) {
                answer.write(buffer.array(), 0, buffer.position());
                buffer.clear();
            }
            return answer.toString(StandardCharsets.UTF_8);
        }
    }

    ServerState serverState(String backend, String server) throws IOException {
        return HaproxyStats.serverState(command("show stat"), command("show servers state " + backend), backend,
                server);
    }

    /** {@code set server backend/server state ready|drain|maint}, as an operator would type it. */
    void setState(String backend, String server, String state) throws IOException {
        run("set server " + backend + "/" + server + " state " + state);
    }

    /** {@code enable agent} / {@code disable agent}: starts or stops HAProxy's agent polls of one server. */
    void agentChecks(String backend, String server, boolean enabled) throws IOException {
        run((enabled ? "enable" : "disable") + " agent " + backend + "/" + server);
    }

    /** A command that answers nothing when it succeeds. */
    private void run(String command) throws IOException {
        String answer = command(command).trim();
        if (!answer.isEmpty()) {
            throw new IOException(command + ": " + answer);
        }
    }
}
