package io.rxhealth.ovs.fleet;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Many fake agents for the lab's LB daemons: one listening socket per address, served by one
 * selector thread; each connection gets its address's current reply and is closed at once. A TCP
 * liveness probe to the same port passes (the connection completes). The reply of each address can
 * be changed at any time; every poller sees the same reply, as with a real agent.
 */
final class ScriptedAgents implements AutoCloseable {
    private final Selector selector = Selector.open();
    private final List<ServerSocketChannel> servers = new ArrayList<>();
    private final AtomicReferenceArray<byte[]> replies;
    private final Thread thread;
    private volatile boolean running = true;

    ScriptedAgents(List<InetSocketAddress> addresses, String reply) throws IOException {
        this.replies = new AtomicReferenceArray<>(addresses.size());
        try {
            for (int i = 0; i < addresses.size(); i++) {
                replies.set(i, reply.getBytes(StandardCharsets.US_ASCII));
                ServerSocketChannel s = ServerSocketChannel.open();
                s.bind(addresses.get(i), 256);
                s.configureBlocking(false);
                s.register(selector, SelectionKey.OP_ACCEPT, i);
                servers.add(s);
            }
        } catch (IOException e) {
            close();
            throw e;
        }
        this.thread = new Thread(this::serve, "scripted-agents");
        thread.setDaemon(true);
        thread.start();
    }

    /** From now on, the agent at {@code index} answers {@code reply} (a whole line with its newline). */
    void reply(int index, String reply) {
        replies.set(index, reply.getBytes(StandardCharsets.US_ASCII));
    }

    private void serve() {
        while (running) {
            try {
                selector.select(100);
                for (SelectionKey key : selector.selectedKeys()) {
                    int index = (Integer) key.attachment();
                    SocketChannel c;
                    while ((c = ((ServerSocketChannel) key.channel()).accept()) != null) {
                        try (SocketChannel client = c) {
                            // A few dozen bytes fit any socket buffer: one non-blocking write sends them.
                            client.write(ByteBuffer.wrap(replies.get(index)));
                        } catch (IOException e) {
                            // The poller reset first (a probe does): nothing to answer.
                        }
                    }
                }
                selector.selectedKeys().clear();
            } catch (ClosedSelectorException e) {
                return;
            } catch (IOException e) {
                if (running) {
                    System.err.println("scripted agents: " + e);
                }
            }
        }
    }

    @Override
    public void close() throws IOException {
        running = false;
        selector.wakeup();
        for (ServerSocketChannel s : servers) {
            s.close();
        }
        selector.close();
    }
}
