package io.rxhealth.agent.status;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers the first request of a status connection, then closes it: Prometheus and scripts open
 * a connection per scrape, so keeping it alive would only hold a slot. Requests pipelined behind
 * the first are dropped unanswered. One instance per connection.
 */
final class StatusRequestHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private static final Logger log = LoggerFactory.getLogger(StatusRequestHandler.class);

    private final StatusPages pages;
    private boolean answered;

    StatusRequestHandler(StatusPages pages) {
        this.pages = pages;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        // Pipelined requests behind the first, and the codec's note that a request was cut off
        // by the connection's close (at its deadline), need no answer.
        if (answered || !ctx.channel().isActive()) {
            return;
        }
        answered = true;
        DecoderResult decoded = request.decoderResult();
        StatusPages.Answer answer;
        if (decoded.isSuccess()) {
            answer = pages.answer(request.method().name(), request.uri());
        } else {
            log.debug("status client {}: refused, {}", ctx.channel().remoteAddress(), decoded.cause().toString());
            answer = pages.refusal(decoded.cause());
        }
        respond(ctx, answer, HttpMethod.HEAD.equals(request.method()));
    }

    /**
     * Writes the answer with {@code Connection: close} and closes once it is out. To a HEAD
     * request, the headers of the GET answer (its Content-Length included) and no body.
     */
    static void respond(ChannelHandlerContext ctx, StatusPages.Answer answer, boolean head) {
        byte[] body = answer.bytes();
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(answer.status()),
                head ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(body));
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, answer.contentType())
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // A reset or a half-sent request: the client's doing, so nothing above debug.
        log.debug("status client {}: {}", ctx.channel().remoteAddress(), cause.toString());
        ctx.close();
    }
}
