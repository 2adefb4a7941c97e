package io.rxhealth.haproxy;

import java.io.IOException;
import java.nio.channels.Channel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/** Checks that what a process inherited on stdin is a listening socket it can serve. */
final class InheritedSocket {
    private static final String EXPECTED = " (expected: a listening TCP socket on stdin, as systemd "
            + "passes it with Accept=no and StandardInput=socket)";

    private InheritedSocket() {
    }

    /** Returns {@code inherited} as a bound server socket, or throws saying what was found instead. */
    static ServerSocketChannel adopt(Channel inherited) throws IOException {
        if (inherited == null) {
            throw new IllegalStateException("inherited channel: none, stdin is not a socket" + EXPECTED);
        }
        if (inherited instanceof SocketChannel) {
            // What systemd passes with Accept=yes: one connection per process, not a listener.
            throw new IllegalStateException("inherited channel: a connected socket" + EXPECTED);
        }
        if (!(inherited instanceof ServerSocketChannel server)) {
            throw new IllegalStateException(
                    "inherited channel: " + inherited.getClass().getSimpleName() + EXPECTED);
        }
        if (!server.isOpen()) {
            throw new IllegalStateException("inherited channel: a closed server socket" + EXPECTED);
        }
        if (server.getLocalAddress() == null) {
            throw new IllegalStateException("inherited channel: an unbound server socket" + EXPECTED);
        }
        return server;
    }
}
