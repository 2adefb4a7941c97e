package io.rxhealth.agent;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** Test helper: one agent-check exchange, as HAProxy does it — connect, read to EOF. */
public final class AgentReplies {
    private AgentReplies() {
    }

    public static String fetch(InetSocketAddress address) throws IOException {
        return fetch(address, Duration.ofSeconds(2));
    }

    /**
     * With a read deadline of its own: a first connection to a socket-activated agent waits in the
     * backlog while the JVM starts, which takes seconds on a loaded host.
     */
    public static String fetch(InetSocketAddress address, Duration readTimeout) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(address, 1000);
            s.setSoTimeout(Math.toIntExact(readTimeout.toMillis()));
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        }
    }
}
