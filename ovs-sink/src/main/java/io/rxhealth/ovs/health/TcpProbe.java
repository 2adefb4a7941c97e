package io.rxhealth.ovs.health;

import static java.util.Objects.requireNonNull;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;

/** Passes when a TCP connection to the target completes within the timeout. */
final class TcpProbe implements LivenessProbe {
    private final InetSocketAddress target;
    private final SourceAddress source;
    private final int timeoutMillis;

    TcpProbe(InetSocketAddress target, SourceAddress source, Duration timeout) {
        this.target = requireNonNull(target, "target");
        this.source = requireNonNull(source, "source");
        this.timeoutMillis = Math.toIntExact(Math.max(1, timeout.toMillis()));
    }

    @Override
    public ProbeResult run() throws Exception {
        InetAddress local = source.resolve();
        try (Socket socket = new Socket()) {
            if (local != null) {
                socket.bind(new InetSocketAddress(local, 0));
            }
            socket.connect(target, timeoutMillis);
            return ProbeResult.pass("tcp connect");
        }
    }
}
