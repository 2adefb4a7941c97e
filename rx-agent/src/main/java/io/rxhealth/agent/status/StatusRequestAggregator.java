package io.rxhealth.agent.status;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Netty's request aggregator, except that a request with a body over the limit is refused like
 * every other status request: a 413 with a one-line reason, then the connection closed. Netty's
 * own 413 leaves a keep-alive connection open to read the next request; a 413 for an
 * {@code Expect: 100-continue} request closes too ({@code closeOnExpectationFailed}).
 */
final class StatusRequestAggregator extends HttpObjectAggregator {
    private static final Logger log = LoggerFactory.getLogger(StatusRequestAggregator.class);

    private final StatusPages pages;

    StatusRequestAggregator(StatusPages pages, int maxBodyBytes) {
        super(maxBodyBytes, true);
        this.pages = pages;
    }

    @Override
    protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
        log.debug("status client {}: refused, body over {} bytes", ctx.channel().remoteAddress(), maxContentLength());
        boolean head = oversized instanceof HttpRequest request && HttpMethod.HEAD.equals(request.method());
        StatusRequestHandler.respond(ctx, pages.tooLarge(), head);
    }
}
