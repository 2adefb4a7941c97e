package io.rxhealth.ovs.health;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * The load harnesses' peers: one listening socket per address, all served by one selector thread
 * ({@link #run}), each key handed to {@link #ready}. A listening key's attachment is its index in
 * the address list.
 */
abstract class FakeListeners implements Runnable, AutoCloseable {
    protected final Selector selector;
    private final List<ServerSocketChannel> servers = new ArrayList<>();
    private final String name;
    private volatile boolean running = true;

    FakeListeners(String name, List<InetSocketAddress> addresses, int backlog) throws IOException {
        this.name = name;
        this.selector = Selector.open();
        for (int i = 0; i < addresses.size(); i++) {
            ServerSocketChannel s = ServerSocketChannel.open();
            s.bind(addresses.get(i), backlog);
            s.configureBlocking(false);
            s.register(selector, SelectionKey.OP_ACCEPT, i);
            servers.add(s);
        }
    }

    /** Handles one selected key: a listening socket with connections to accept, or one of the subclass's own. */
    abstract void ready(SelectionKey key) throws IOException;

    /** Starts the selector thread (a daemon, named as the harness reports it). */
    Thread start() {
        Thread t = new Thread(this, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    @Override
    public final void run() {
        while (running) {
            try {
                selector.select(100);
                for (SelectionKey key : selector.selectedKeys()) {
                    ready(key);
                }
                selector.selectedKeys().clear();
            } catch (ClosedSelectorException e) {
                return; // close() while selecting
            } catch (IOException e) {
                if (running) {
                    System.err.println(name + ": " + e);
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
