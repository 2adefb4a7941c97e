package io.rxhealth.haproxy;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelPromise;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.io.IOException;
import java.nio.channels.SocketChannel;

/**
 * An admitted agent-check connection: Netty's NIO socket channel, whose end of output is one system
 * call. Netty's own {@code shutdownOutput} builds a {@code ChannelOutputShutdownException}, stack trace
 * and all, on every call, to fail writes still queued; {@link AgentReplyHandler} ends the output only
 * once the reply is written in full, so there are none. Filling in that stack trace was the largest
 * item of the server's own code in a {@code perf} profile under load (2.5 % of all its samples,
 * kernel included), and a flight recording counted one such exception per connection.
 */
final class ReplyChannel extends NioSocketChannel {
    ReplyChannel(Channel parent, SocketChannel socket) {
        super(parent, socket);
    }

    @Override
    public ChannelFuture shutdownOutput(ChannelPromise promise) {
        if (!eventLoop().inEventLoop()) {
            return super.shutdownOutput(promise);
        }
        try {
            javaChannel().shutdownOutput();
            promise.setSuccess();
        } catch (IOException e) {
            promise.setFailure(e);
        }
        return promise;
    }
}
