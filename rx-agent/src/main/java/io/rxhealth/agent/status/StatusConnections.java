package io.rxhealth.agent.status;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sets up each accepted status connection: takes one of a few slots or closes the connection at
 * once, sets its deadline, and gives it the HTTP pipeline with its size limits.
 *
 * <p>A deadline for the whole connection rather than an idle timeout: a connection carries one
 * small request, so one still open after a few seconds is stalled or trickling bytes to keep its
 * slot, and a trickled byte would reset an idle timer every time.
 */
@Sharable
final class StatusConnections extends ChannelInitializer<Channel> {
    private static final Logger log = LoggerFactory.getLogger(StatusConnections.class);

    private final StatusPages pages;
    private final StatusLimits limits;
    private final int maxConnections;
    private final long timeoutNanos;
    private final AtomicInteger open = new AtomicInteger();

    StatusConnections(StatusPages pages, StatusLimits limits) {
        this.pages = pages;
        this.limits = limits;
        this.maxConnections = limits.maxConnections();
        this.timeoutNanos = limits.connectionTimeout().toNanos();
    }

    @Override
    protected void initChannel(Channel ch) {
        if (open.incrementAndGet() > maxConnections) {
            open.decrementAndGet();
            log.debug("status client {}: {} connections open, closing", ch.remoteAddress(), maxConnections);
            ch.close();
            return;
        }
        ScheduledFuture<?> deadline = ch.eventLoop().schedule(() -> timeOut(ch), timeoutNanos, TimeUnit.NANOSECONDS);
        ch.closeFuture().addListener(closed -> {
            deadline.cancel(false);
            open.decrementAndGet();
        });
        ch.pipeline().addLast(
                new HttpServerCodec(new HttpDecoderConfig()
                        .setMaxInitialLineLength(limits.maxRequestLineBytes())
                        .setMaxHeaderSize(limits.maxHeaderBytes())),
                new StatusRequestAggregator(pages, limits.maxBodyBytes()),
                new StatusRequestHandler(pages));
    }

    private void timeOut(Channel ch) {
        if (ch.isOpen()) {
            log.debug("status client {} still connected after {} ms, closing", ch.remoteAddress(),
                    TimeUnit.NANOSECONDS.toMillis(timeoutNanos));
            ch.close();
        }
    }
}
