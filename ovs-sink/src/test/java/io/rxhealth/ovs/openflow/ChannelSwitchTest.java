package io.rxhealth.ovs.openflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The channel against switches a real ovs-vswitchd will not play: one that pings before it
 * answers, one that never says hello; and what goes through ovs-ofctl instead. The real switch:
 * {@code ChannelTable11IT}.
 */
@Timeout(30)
class ChannelSwitchTest {
    private static final FlowMod DROP = FlowMod.add(11, 0, List.of(), 0, Set.of(), List.of(), -1);

    private final Path dir;
    private final Path socket;
    private final ServerSocketChannel server;
    private final RecordingText text = new RecordingText();

    ChannelSwitchTest() throws IOException {
        dir = Files.createTempDirectory("rxh-channel");
        socket = dir.resolve("br.mgmt");
        server = ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));
    }

    @AfterEach
    void removeSocket() throws IOException {
        server.close();
        Files.deleteIfExists(socket);
        Files.delete(dir);
    }

    @Test
    void textBundlesDumpsAndCountsGoToTheTextSwitchWithoutAConnection() throws Exception {
        try (ChannelSwitch channel = channel(Duration.ofSeconds(5))) {
            Bundle pipeline = new Bundle(List.of("flow delete", "flow add table=0,priority=0 actions=drop"));
            channel.bundle(pipeline);
            channel.dumpFlows(OptionalInt.of(11));
            channel.flowCount("cookie=0x2a/-1");

            assertThat(text.calls).containsExactly("bundle " + pipeline.lines(), "dump-flows 11", "count cookie=0x2a/-1");
        }
    }

    @Test
    void anEchoRequestIsAnsweredAndTheBundleCommits() throws Exception {
        CompletableFuture<List<String>> seen = CompletableFuture.supplyAsync(this::pingingSwitch);
        try (ChannelSwitch channel = channel(Duration.ofSeconds(10))) {
            channel.bundle(Bundle.of(List.of(DROP)));
        }

        // The echo request arrives while the channel may already be writing the bundle: its reply
        // can come anywhere after the hello, but it must come, and the bundle must still commit.
        List<String> calls = seen.get(10, TimeUnit.SECONDS);
        assertThat(calls).contains("echo reply 4242 abc");
        assertThat(calls).filteredOn(c -> !c.startsWith("echo"))
                .containsExactly("hello", "bundle open", "bundle add", "barrier", "bundle commit");
    }

    @Test
    void aSwitchThatNeverSaysHelloTimesOutAtTheDeadline() throws Exception {
        CompletableFuture<SocketChannel> accepted = CompletableFuture.supplyAsync(() -> {
            try {
                return server.accept();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        try (ChannelSwitch channel = channel(Duration.ofMillis(300))) {
            OpenFlowException e = catchThrowableOfType(OpenFlowException.class, () -> channel.bundle(Bundle.of(List.of(DROP))));

            assertThat(e.failure()).isEqualTo(OpenFlowException.Failure.TIMED_OUT);
            assertThat(e).hasMessage("OpenFlow bundle unix:" + socket + ": no hello within PT0.3S");
        } finally {
            accepted.get(5, TimeUnit.SECONDS).close();
        }
    }

    @Test
    void flowStatisticsAreGatheredUntilTheLastReplyAndARefusalIsNamed() throws Exception {
        CompletableFuture<List<String>> seen = CompletableFuture.supplyAsync(this::statisticsSwitch);
        try (ChannelSwitch channel = channel(Duration.ofSeconds(5))) {
            List<FlowEntry> flows = channel.flows(FlowQuery.table(11));
            OpenFlowException refused = catchThrowableOfType(OpenFlowException.class,
                    () -> channel.flowCount(FlowQuery.match(11, List.of(FlowQuery.MaskedRegister.exact(3, 7)))));

            assertThat(flows).hasSize(2).allSatisfy(f -> assertThat(f.text())
                    .isEqualTo("cookie=0x0, table=11, n_packets=1, n_bytes=42, priority=0 actions=drop"));
            assertThat(refused.failure()).isEqualTo(OpenFlowException.Failure.REFUSED);
            assertThat(refused).hasMessageStartingWith("OpenFlow flow statistics unix:" + socket + ": ")
                    .hasMessageEndingWith(" for table=11,reg3=7");
        }
        assertThat(seen.get(10, TimeUnit.SECONDS)).containsExactly("hello", "flow statistics", "aggregate statistics");
        assertThat(text.calls).isEmpty();
    }

    /**
     * Says hello; answers a flow-statistics request with two replies of one drop flow each (the
     * first flagged "more", an echo request between them) and an aggregate request with an error.
     */
    private List<String> statisticsSwitch() {
        List<String> seen = new ArrayList<>();
        try (SocketChannel c = server.accept()) {
            send(c, 0, 1, ByteBuffer.allocate(8).putShort((short) 1).putShort((short) 8).putInt(1 << 5).flip());
            while (seen.size() < 3) {
                ByteBuffer header = read(c, 8);
                int type = header.get(1) & 0xff;
                int xid = header.getInt(4);
                ByteBuffer body = read(c, (header.getShort(2) & 0xffff) - 8);
                if (type == 0) {
                    seen.add("hello");
                } else if (type == 18 && body.getShort(0) == 1) {
                    seen.add("flow statistics");
                    send(c, 19, xid, flowReply(1));
                    send(c, 2, 77, ByteBuffer.allocate(0));
                    send(c, 19, xid, flowReply(0));
                } else if (type == 18 && body.getShort(0) == 2) {
                    seen.add("aggregate statistics");
                    // OFPET_BAD_REQUEST, OFPBRC_BAD_STAT.
                    send(c, 1, xid, ByteBuffer.allocate(4).putShort((short) 1).putShort((short) 2).flip());
                } else if (type != 3) {
                    seen.add("type " + type);
                }
            }
            return seen;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** A flow-statistics reply body holding {@code priority=0 actions=drop} with one packet of 42 bytes. */
    private static ByteBuffer flowReply(int flags) {
        ByteBuffer b = ByteBuffer.allocate(8 + 56);
        b.putShort((short) 1).putShort((short) flags).putInt(0);
        b.putShort((short) 56).put((byte) 11).put((byte) 0).putInt(0).putInt(0);
        b.putShort((short) 0).putShort((short) 0).putShort((short) 0).putShort((short) 0).putShort((short) 0)
                .putShort((short) 0);
        b.putLong(0).putLong(1).putLong(42);
        b.putShort((short) 1).putShort((short) 4).putInt(0);
        return b.flip();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # target                            | socket
        unix:/run/openvswitch/br-lb.mgmt    | /run/openvswitch/br-lb.mgmt
        br-lb                               | /var/run/rxh/br-lb.mgmt
        tcp:127.0.0.1:6653                  | ''
        ssl:10.0.0.1:6653                   | ''
        """)
    void findsTheSocketATargetNamesAsOvsOfctlDoes(String target, String socket) {
        assertThat(ChannelSwitch.socketOf(target, Path.of("/var/run/rxh")))
                .isEqualTo(socket.isEmpty() ? Optional.empty() : Optional.of(Path.of(socket)));
    }

    private ChannelSwitch channel(Duration timeout) {
        return new ChannelSwitch("unix:" + socket, socket, text, timeout, Ticker.system());
    }

    /** Says hello, pings, then answers a bundle as OVS does; returns what it was sent, in order. */
    private List<String> pingingSwitch() {
        List<String> seen = new ArrayList<>();
        try (SocketChannel c = server.accept()) {
            send(c, 0, 1, ByteBuffer.allocate(8).putShort((short) 1).putShort((short) 8).putInt(1 << 5).flip());
            send(c, 2, 4242, ByteBuffer.wrap("abc".getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
            while (true) {
                ByteBuffer header = read(c, 8);
                int type = header.get(1) & 0xff;
                int xid = header.getInt(4);
                ByteBuffer body = read(c, (header.getShort(2) & 0xffff) - 8);
                switch (type) {
                    case 0 -> seen.add("hello");
                    case 3 -> seen.add("echo reply " + xid + " " + new String(body.array(), java.nio.charset.StandardCharsets.US_ASCII));
                    case 34 -> seen.add("bundle add");
                    case 20 -> {
                        seen.add("barrier");
                        send(c, 21, xid, ByteBuffer.allocate(0));
                    }
                    case 33 -> {
                        int control = body.getShort(4);
                        seen.add(control == 0 ? "bundle open" : control == 4 ? "bundle commit" : "bundle " + control);
                        ByteBuffer reply = ByteBuffer.allocate(8).putInt(body.getInt(0)).putShort((short) (control + 1))
                                .putShort(body.getShort(6)).flip();
                        send(c, 33, xid, reply);
                        if (control == 4) {
                            return seen;
                        }
                    }
                    default -> seen.add("type " + type);
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void send(SocketChannel c, int type, int xid, ByteBuffer body) throws IOException {
        ByteBuffer m = ByteBuffer.allocate(8 + body.remaining());
        m.put((byte) 5).put((byte) type).putShort((short) (8 + body.remaining())).putInt(xid).put(body).flip();
        while (m.hasRemaining()) {
            c.write(m);
        }
    }

    private static ByteBuffer read(SocketChannel c, int length) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(length);
        while (b.hasRemaining()) {
            if (c.read(b) < 0) {
                throw new IOException("closed after " + b.position() + " of " + length + " bytes");
            }
        }
        return b.flip();
    }

    /** The text side: records what it was asked. */
    private static final class RecordingText implements OpenFlowSwitch {
        final List<String> calls = new ArrayList<>();

        @Override
        public String target() {
            return "text";
        }

        @Override
        public void bundle(Bundle bundle) {
            calls.add("bundle " + bundle.lines());
        }

        @Override
        public String dumpFlows(OptionalInt table) {
            calls.add("dump-flows " + table.orElse(-1));
            return "";
        }

        @Override
        public List<FlowEntry> flows(FlowQuery query) {
            calls.add("flows " + query.text());
            return List.of();
        }

        @Override
        public long flowCount(String match) {
            calls.add("count " + match);
            return 0;
        }
    }
}
