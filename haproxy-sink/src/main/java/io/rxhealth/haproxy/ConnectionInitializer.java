package io.rxhealth.haproxy;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelInitializer;

/**
 * Sets up each admitted connection with its reply handler. Who is admitted was decided at accept
 * ({@link GuardedServerChannel}, {@link Admission}).
 */
@Sharable
final class ConnectionInitializer extends ChannelInitializer<Channel> {
    private final ReplyBoard replies;
    private final SinkCounters counters;
    private final Admission admission;
    private final SinkOptions options;

    ConnectionInitializer(ReplyBoard replies, SinkCounters counters, Admission admission, SinkOptions options) {
        this.replies = replies;
        this.counters = counters;
        this.admission = admission;
        this.options = options;
    }

    @Override
    protected void initChannel(Channel ch) {
        ch.pipeline().addLast(new AgentReplyHandler(replies, counters, admission, options));
    }
}
