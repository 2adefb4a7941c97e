package io.rxhealth.ovs.fleet.ovsdb;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

/**
 * One OVSDB server to connect to, written as ovsdb-server's active remotes are:
 * {@code unix:PATH} or {@code tcp:HOST:PORT} (RFC 7047 over a stream socket, no TLS).
 */
public record OvsdbRemote(String spec) {
    public OvsdbRemote {
        requireNonNull(spec, "spec");
        if (!(spec.startsWith("unix:") && spec.length() > 5) && !isTcp(spec)) {
            throw new IllegalArgumentException("remote: '" + spec + "' (expected: unix:PATH or tcp:HOST:PORT)");
        }
    }

    private static boolean isTcp(String spec) {
        if (!spec.startsWith("tcp:")) {
            return false;
        }
        int colon = spec.lastIndexOf(':');
        if (colon <= 4) {
            return false;
        }
        try {
            int port = Integer.parseInt(spec.substring(colon + 1));
            return port > 0 && port < 65536;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Opens a blocking channel to the server. */
    SocketChannel open() throws IOException {
        if (spec.startsWith("unix:")) {
            SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
            try {
                channel.connect(UnixDomainSocketAddress.of(Path.of(spec.substring(5))));
            } catch (IOException e) {
                channel.close();
                throw e;
            }
            return channel;
        }
        int colon = spec.lastIndexOf(':');
        String host = spec.substring(4, colon).replace("[", "").replace("]", "");
        return SocketChannel.open(new InetSocketAddress(host, Integer.parseInt(spec.substring(colon + 1))));
    }

    @Override
    public String toString() {
        return spec;
    }
}
