package io.rxhealth.agent;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** Test helper: one agent-check exchange, as HAProxy does it — connect, read to EOF. */
public final class AgentReplies {
    private AgentReplies() {
    }

    public static String fetch(InetSocketAddress address) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(address, 1000);
            s.setSoTimeout(2000);
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        }
    }
}
