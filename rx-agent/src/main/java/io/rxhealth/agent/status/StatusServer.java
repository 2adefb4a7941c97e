package io.rxhealth.agent.status;

import com.fasterxml.jackson.jr.ob.JSON;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.function.Supplier;

/**
 * {@code GET /status} (JSON) and {@code GET /metrics} (Prometheus text) on a loopback address,
 * served by Netty's HTTP codec on the event loops of the agent-check server. Both answers are read
 * from snapshots the background loop has already built, so a request holds the loop no longer
 * than it takes to render them.
 *
 * <p>Not the JDK's own HTTP server, though it needs no dependency: the agent's RSS target is
 * 64 MiB, and that server costs three threads (HTTP-Dispatcher, its idle-timeout-task timer and
 * the executor it needs, ~130 KiB each), and its {@code Date} response header makes the JDK load
 * the calendar and locale data of every locale (see docs/PERFORMANCE.md: ~0.3 MB of heap and
 * ~1.1 MiB of RSS, kept for the life of the process). Netty is loaded for 9505 anyway, and its HTTP codec, a well-kept library, does the
 * parsing: there is no hand-written HTTP here. Sharing 9505's event loops adds no thread.
 *
 * <p>The port is loopback-only, but it must not be stallable all the same: at most
 * {@link StatusLimits#maxConnections()} connections at once (one more is closed at once), each
 * closed at its deadline ({@link StatusLimits#connectionTimeout()} from accept) or after its one
 * response; a request over the size limits gets a 414, 431 or 413, a malformed one a 400, and is
 * closed. The limits are {@link StatusLimits#DEFAULTS} unless a test sets others.
 *
 * <p>Thread-safe. {@link #close} stops accepting; connections still open end at their deadline or
 * when the event loops shut down, whichever comes first.
 */
public final class StatusServer implements AutoCloseable {
    private final StatusPages pages;
    private final Channel serverChannel;

    /**
     * Binds and returns once connections are being accepted, on {@code loops}, which the caller
     * owns: shutting them down ends this server too.
     *
     * @throws IOException if the address cannot be bound
     */
    public StatusServer(InetSocketAddress address, EventLoopGroup loops, Supplier<AgentStatus> status,
                        Supplier<String> metrics, JSON json) throws IOException {
        this(address, loops, new StatusPages(status, metrics, json, StatusLimits.DEFAULTS), StatusLimits.DEFAULTS);
    }

    /** A server answering {@code pages} within {@code limits} (the pages name their own in refusals). */
    StatusServer(InetSocketAddress address, EventLoopGroup loops, StatusPages pages, StatusLimits limits)
            throws IOException {
        this.pages = pages;
        ChannelFuture bound = new ServerBootstrap()
                .group(loops)
                .channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_BACKLOG, limits.maxConnections())
                .option(ChannelOption.SO_REUSEADDR, true)
                .childHandler(new StatusConnections(pages, limits))
                .bind(address)
                .awaitUninterruptibly();
        if (!bound.isSuccess()) {
            throw new IOException("status: " + address + ": " + bound.cause().getMessage()
                    + " (expected: a free address to bind)", bound.cause());
        }
        serverChannel = bound.channel();
    }

    /** Renders /status and /metrics again; called after each check cycle, off the event loop. */
    public void refresh() {
        pages.refresh();
    }

    /** The address actually listened on; the real port when bound to port 0. */
    public InetSocketAddress address() {
        return (InetSocketAddress) serverChannel.localAddress();
    }

    @Override
    public void close() {
        serverChannel.close().awaitUninterruptibly();
    }
}
