package io.rxhealth.haproxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import org.junit.jupiter.api.Test;

class InheritedSocketTest {
    private static final String EXPECTED = " (expected: a listening TCP socket on stdin, as systemd "
            + "passes it with Accept=no and StandardInput=socket)";

    @Test
    void adoptsABoundServerSocket() throws Exception {
        try (var server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress("127.0.0.1", 0));
            assertThat(InheritedSocket.adopt(server)).isSameAs(server);
        }
    }

    @Test
    void saysSoWhenNothingWasInherited() {
        assertThatThrownBy(() -> InheritedSocket.adopt(null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("inherited channel: none, stdin is not a socket" + EXPECTED);
    }

    @Test
    void rejectsAConnectedSocketAsPassedWithAcceptYes() throws Exception {
        try (var socket = SocketChannel.open()) {
            assertThatThrownBy(() -> InheritedSocket.adopt(socket))
                    .hasMessage("inherited channel: a connected socket" + EXPECTED);
        }
    }

    @Test
    void rejectsADatagramSocket() throws Exception {
        try (var datagram = DatagramChannel.open()) {
            assertThatThrownBy(() -> InheritedSocket.adopt(datagram))
                    .hasMessageStartingWith("inherited channel: DatagramChannel")
                    .hasMessageEndingWith(EXPECTED);
        }
    }

    @Test
    void rejectsUnboundAndClosedServerSockets() throws Exception {
        var server = ServerSocketChannel.open();
        assertThatThrownBy(() -> InheritedSocket.adopt(server))
                .hasMessage("inherited channel: an unbound server socket" + EXPECTED);
        server.close();
        assertThatThrownBy(() -> InheritedSocket.adopt(server))
                .hasMessage("inherited channel: a closed server socket" + EXPECTED);
    }
}
