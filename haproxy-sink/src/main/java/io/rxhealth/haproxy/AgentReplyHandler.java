package io.rxhealth.haproxy;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.DuplexChannel;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves one agent-check connection: writes the current reply as soon as the connection is up,
 * ends the output, discards what the client sends and closes. One instance per connection.
 *
 * <p>It never waits for HAProxy's optional {@code agent-send} string. After the reply it shuts the
 * output down (FIN) and keeps reading until the client closes, for at most the linger. Closing at
 * once would leave a client's {@code agent-send} unread, and Linux answers a close with unread input
 * with a reset: the connection is torn down instead of ended, and a reply segment lost on the way is
 * never sent again ({@code AgentCheckServerIT#clientsThatSendFirstGetTheReplyAndAnOrderlyEnd}).
 * From the reply on, the connection is {@link Admission#answered evictable}: it costs a new client
 * nothing. Whatever the client does, the connection is closed at the linger after the reply, at the
 * connection timeout, or once it has sent too much. A reset after the reply is how HAProxy and the
 * LB daemon end their checks: it closes the connection and is not counted as an error.
 */
final class AgentReplyHandler extends ChannelInboundHandlerAdapter {
    private static final Logger log = LoggerFactory.getLogger(AgentReplyHandler.class);

    private final ReplyBoard replies;
    private final SinkCounters counters;
    private final Admission admission;
    private final long timeoutNanos;
    private final long lingerNanos;
    private final int maxInboundBytes;
    private long inboundBytes;
    private boolean answered;
    private ScheduledFuture<?> deadline;

    AgentReplyHandler(ReplyBoard replies, SinkCounters counters, Admission admission, SinkOptions options) {
        this.replies = replies;
        this.counters = counters;
        this.admission = admission;
        this.timeoutNanos = options.connectionTimeout().toNanos();
        this.lingerNanos = Math.min(timeoutNanos, options.linger().toNanos());
        this.maxInboundBytes = options.maxInboundBytes();
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        deadline = ctx.executor().schedule(() -> timeOut(ctx), timeoutNanos, TimeUnit.NANOSECONDS);
        if (replies.hasReply()) {
            reply(ctx);
        } else {
            // Nothing computed yet (the agent is starting): answer on the connection's own event
            // loop as soon as the first line is published; the timeout still bounds the wait.
            replies.whenPublished(() -> ctx.executor().execute(() -> {
                if (ctx.channel().isActive()) {
                    reply(ctx);
                }
            }));
        }
        ctx.fireChannelActive();
    }

    private void reply(ChannelHandlerContext ctx) {
        ctx.writeAndFlush(replies.encoded()).addListener((ChannelFuture written) -> {
            if (!written.isSuccess()) {
                failed(ctx, written.cause());
                return;
            }
            counters.replied.increment();
            answered = true;
            if (ctx.channel() instanceof DuplexChannel duplex && !duplex.isInputShutdown()) {
                admission.answered(ctx.channel());
                duplex.shutdownOutput().addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
                // From here on only the client's close is awaited, and not for long.
                deadline.cancel(false);
                deadline = ctx.executor().schedule(() -> timeOut(ctx), lingerNanos, TimeUnit.NANOSECONDS);
            } else {
                ctx.close();
            }
        });
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (msg instanceof ByteBuf buf) {
                inboundBytes += buf.readableBytes();
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
        if (inboundBytes > maxInboundBytes && ctx.channel().isOpen()) {
            counters.oversized.increment();
            log.debug("agent-check client {} sent {} bytes (limit {}), closing",
                    ctx.channel().remoteAddress(), inboundBytes, maxInboundBytes);
            ctx.close();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (deadline != null) {
            deadline.cancel(false);
        }
        admission.closed(ctx.channel());
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (answered && cause instanceof IOException) {
            // HAProxy and the LB daemon end a check with a reset as soon as they have the line
            // (docs/lbd.md, "Connection tracking and large pools"): the usual end, not an error.
            ctx.close();
            return;
        }
        failed(ctx, cause);
    }

    private void timeOut(ChannelHandlerContext ctx) {
        if (ctx.channel().isOpen()) {
            counters.timedOut.increment();
            log.debug("agent-check client {} still connected at its deadline, closing",
                    ctx.channel().remoteAddress());
            ctx.close();
        }
    }

    private void failed(ChannelHandlerContext ctx, Throwable cause) {
        counters.errors.increment();
        log.debug("agent-check client {}: {}", ctx.channel().remoteAddress(), cause.toString());
        ctx.close();
    }
}
