package io.rxhealth.haproxy;

import static java.util.Objects.requireNonNull;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The agent-check server: answers every admitted TCP connection with the reply currently on its
 * {@link ReplyBoard} the moment it is accepted, then closes. Who is admitted (allow-list, a share
 * per source, room made by closing answered connections) is decided before a byte is read
 * ({@link Admission}). It listens on a socket it binds or on one inherited from
 * systemd. It computes nothing per connection; the reply is rendered and published elsewhere.
 * Thread-safe; {@link #close} stops it and its threads.
 */
public final class AgentCheckServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(AgentCheckServer.class);
    private static final java.time.Duration REFUSAL_LOG_PERIOD = java.time.Duration.ofSeconds(10);

    private final EventLoopGroup loops;
    private final Channel serverChannel;
    private final SinkCounters counters;
    private final Admission admission;

    private AgentCheckServer(EventLoopGroup loops, Channel serverChannel, SinkCounters counters,
                             Admission admission) {
        this.loops = loops;
        this.serverChannel = serverChannel;
        this.counters = counters;
        this.admission = admission;
    }

    /**
     * Starts listening and returns once connections are being accepted; {@code ticker} paces the
     * rate-limited log of refused clients.
     *
     * @throws UncheckedIOException if the address cannot be bound
     * @throws IllegalStateException if {@link Listen.Inherited} was asked for but stdin is not a
     *         listening socket
     */
    public static AgentCheckServer start(Listen listen, ReplyBoard replies, SinkOptions options, Ticker ticker) {
        requireNonNull(listen, "listen");
        requireNonNull(replies, "replies");
        requireNonNull(options, "options");
        // Checked before any thread starts, so a misconfigured unit fails with a plain message.
        ServerSocketChannel inherited = listen instanceof Listen.Inherited ? inheritedChannel() : null;

        var counters = new SinkCounters();
        var admission = new Admission(options, counters);
        var refusals = new RefusalLog(requireNonNull(ticker, "ticker"), REFUSAL_LOG_PERIOD, options.maxPerSource());
        var loops = new EventLoops(options.threads());
        // No TCP_NODELAY: the reply is one write on an idle connection, which Nagle never delays,
        // and the option would cost a system call per connection.
        var bootstrap = new ServerBootstrap()
                .group(loops, loops)
                .childHandler(new ConnectionInitializer(replies, counters, admission, options));
        ChannelFuture started;
        if (inherited != null) {
            // Already bound and listening: register it as it is; bind() would throw AlreadyBoundException.
            started = bootstrap.channelFactory(() -> new GuardedServerChannel(inherited, admission, refusals,
                            options.backlog()))
                    .register();
        } else {
            var address = ((Listen.Bind) listen).address();
            started = bootstrap.channelFactory(() -> new GuardedServerChannel(admission, refusals, options.backlog()))
                    .option(ChannelOption.SO_BACKLOG, options.backlog())
                    .option(ChannelOption.SO_REUSEADDR, true)
                    .bind(address);
        }
        started.awaitUninterruptibly();
        if (!started.isSuccess()) {
            shutDown(loops);
            throw new UncheckedIOException(new IOException(
                    "listen: " + describe(listen) + ": " + started.cause().getMessage(),
                    started.cause()));
        }
        var server = new AgentCheckServer(loops, started.channel(), counters, admission);
        log.info("agent-check server listening on {}{}, sources allowed: {}", server.localAddress(),
                inherited != null ? " (inherited socket)" : "", options.allow());
        return server;
    }

    /** The address actually listened on; the real port when the server was bound to port 0. */
    public InetSocketAddress localAddress() {
        return (InetSocketAddress) serverChannel.localAddress();
    }

    /**
     * The event loops this server runs on, for other loopback servers of the same process, so they
     * add no thread of their own. Closing this server shuts them down: close those servers first.
     */
    public EventLoopGroup eventLoops() {
        return loops;
    }

    public SinkStats stats() {
        return counters.snapshot(admission::open);
    }

    /** Stops accepting, closes open connections and stops the threads; waits up to a few seconds. */
    @Override
    public void close() {
        serverChannel.close().awaitUninterruptibly();
        shutDown(loops);
    }

    private static void shutDown(EventLoopGroup loops) {
        // No quiet period: nothing is queued that matters once the listener is gone.
        loops.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(3, TimeUnit.SECONDS);
    }

    private static ServerSocketChannel inheritedChannel() {
        try {
            return InheritedSocket.adopt(System.inheritedChannel());
        } catch (IOException e) {
            throw new UncheckedIOException("inherited channel: " + e.getMessage(), e);
        }
    }

    private static String describe(Listen listen) {
        return listen instanceof Listen.Bind bind
                ? bind.address() + " (expected: a free address to bind)"
                : "inherited socket (expected: a listening socket the event loop can register)";
    }
}
