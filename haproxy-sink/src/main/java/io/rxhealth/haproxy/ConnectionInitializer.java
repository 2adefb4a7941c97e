package io.rxhealth.haproxy;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelInitializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sets up each accepted connection: takes a slot under the connection cap, or closes the
 * connection at once, unanswered, when the cap is reached.
 */
@Sharable
final class ConnectionInitializer extends ChannelInitializer<Channel> {
    private static final Logger log = LoggerFactory.getLogger(ConnectionInitializer.class);

    private final ReplyBoard replies;
    private final SinkCounters counters;
    private final SinkOptions options;

    ConnectionInitializer(ReplyBoard replies, SinkCounters counters, SinkOptions options) {
        this.replies = replies;
        this.counters = counters;
        this.options = options;
    }

    @Override
    protected void initChannel(Channel ch) {
        if (!counters.tryAcquire()) {
            log.debug("agent-check client {}: {} connections open, closing", ch.remoteAddress(),
                    options.maxConnections());
            ch.close();
            return;
        }
        ch.closeFuture().addListener(closed -> counters.release());
        ch.pipeline().addLast(new AgentReplyHandler(replies, counters, options));
    }
}
