package io.rxhealth.haproxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class AgentReplyHandlerTest {
    private final ReplyBoard replies = new ReplyBoard("up ready 100%\n");
    private final SinkOptions options = SinkOptions.defaults().withMaxConnections(2);
    private final SinkCounters counters = new SinkCounters(options.maxConnections());

    @Test
    void writesCurrentReplyThenEndsOutputAndWaitsForTheClientToClose() {
        var channel = connect();

        assertThat(readReply(channel)).isEqualTo("up ready 100%\n");
        assertThat(channel.<Object>readOutbound()).isNull();
        assertThat(channel.isOutputShutdown()).isTrue();
        // Still open: closing with the client's agent-send unread would reset the connection.
        assertThat(channel.isOpen()).isTrue();
        assertThat(counters.snapshot()).isEqualTo(new SinkStats(1, 0, 1, 0, 0, 0, 1));
    }

    @Test
    void closesRightAfterTheReplyWhenTheTransportCannotEndItsOutput() {
        var channel = new EmbeddedChannel(new ConnectionInitializer(replies, counters, options));

        assertThat(readReply(channel)).isEqualTo("up ready 100%\n");
        assertThat(channel.isOpen()).isFalse();
        assertThat(counters.snapshot()).isEqualTo(new SinkStats(1, 0, 1, 0, 0, 0, 0));
    }

    @Test
    void aReplyPublishedLaterIsWhatTheNextConnectionGets() {
        var first = connect();
        replies.publish("down # storage: 503\n");
        var second = connect();

        assertThat(readReply(first)).isEqualTo("up ready 100%\n");
        assertThat(readReply(second)).isEqualTo("down # storage: 503\n");
    }

    @Test
    void aConnectionBeforeTheFirstVerdictIsAnsweredWithIt() {
        var starting = new ReplyBoard();
        var channel = new HalfClosableEmbeddedChannel(new ConnectionInitializer(starting, counters, options));

        assertThat(channel.<Object>readOutbound()).isNull();
        assertThat(channel.isOpen()).isTrue();
        assertThat(starting.current()).isNull();

        starting.publish("up 50% # cpu warn\n");
        channel.runPendingTasks();

        assertThat(readReply(channel)).isEqualTo("up 50% # cpu warn\n");
        assertThat(counters.snapshot().replied()).isEqualTo(1);
    }

    @Test
    void aConnectionStillWaitingAtTheTimeoutIsClosedUnanswered() {
        var starting = new ReplyBoard();
        var channel = new HalfClosableEmbeddedChannel(new ConnectionInitializer(starting, counters, options));

        channel.advanceTimeBy(options.connectionTimeout().toNanos(), TimeUnit.NANOSECONDS);
        channel.runScheduledPendingTasks();

        assertThat(channel.<Object>readOutbound()).isNull();
        assertThat(channel.isOpen()).isFalse();
        starting.publish("up 100%\n");
        channel.runPendingTasks();
        assertThat(channel.<Object>readOutbound()).isNull();
    }

    @Test
    void discardsWhatTheClientSends() {
        var channel = connect();
        ByteBuf agentSend = ascii("hello s200\n");

        channel.writeInbound(agentSend, ascii("\u0000\u00ff junk"));

        assertThat(readReply(channel)).isEqualTo("up ready 100%\n");
        assertThat(channel.<Object>readInbound()).isNull();
        assertThat(agentSend.refCnt()).isZero();
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void closesWhenTheClientSendsMoreThanTheInboundLimit() {
        var channel = connect();

        channel.writeInbound(Unpooled.wrappedBuffer(new byte[options.maxInboundBytes()]));
        assertThat(channel.isOpen()).isTrue();
        channel.writeInbound(ascii("x"));

        assertThat(channel.isOpen()).isFalse();
        assertThat(counters.snapshot().oversized()).isEqualTo(1);
        assertThat(counters.snapshot().active()).isZero();
    }

    @Test
    void closesAConnectionBeyondTheCapUnansweredAndCountsIt() {
        connect();
        connect();

        var third = connect();

        assertThat(third.<Object>readOutbound()).isNull();
        assertThat(third.isOpen()).isFalse();
        assertThat(counters.snapshot()).isEqualTo(new SinkStats(2, 1, 2, 0, 0, 0, 2));
    }

    @Test
    void freesItsSlotOnCloseSoTheNextConnectionIsServed() {
        var first = connect();
        connect();
        first.close();

        var third = connect();

        assertThat(readReply(third)).isEqualTo("up ready 100%\n");
        assertThat(counters.snapshot().rejected()).isZero();
    }

    @Test
    void closesAConnectionThatOutlivesTheTimeout() {
        var channel = connect();
        readReply(channel);
        Duration timeout = options.connectionTimeout();

        // The embedded clock also runs in real time, so only the half is a sharp bound.
        channel.advanceTimeBy(timeout.toNanos() / 2, TimeUnit.NANOSECONDS);
        channel.runScheduledPendingTasks();
        assertThat(channel.isOpen()).isTrue();
        channel.advanceTimeBy(timeout.toNanos() / 2, TimeUnit.NANOSECONDS);
        channel.runScheduledPendingTasks();

        assertThat(channel.isOpen()).isFalse();
        assertThat(counters.snapshot().timedOut()).isEqualTo(1);
        assertThat(counters.snapshot().active()).isZero();
    }

    @Test
    void aConnectionClosedInTimeIsNotCountedAsTimedOut() {
        var channel = connect();
        channel.close();

        channel.advanceTimeBy(options.connectionTimeout().toNanos(), TimeUnit.NANOSECONDS);
        channel.runScheduledPendingTasks();

        assertThat(counters.snapshot().timedOut()).isZero();
    }

    @Test
    void countsAnErrorAndCloses() {
        var channel = connect();

        channel.pipeline().fireExceptionCaught(new java.io.IOException("Connection reset by peer"));

        assertThat(channel.isOpen()).isFalse();
        assertThat(counters.snapshot().errors()).isEqualTo(1);
    }

    private HalfClosableEmbeddedChannel connect() {
        return new HalfClosableEmbeddedChannel(new ConnectionInitializer(replies, counters, options));
    }

    private static String readReply(EmbeddedChannel channel) {
        ByteBuf reply = channel.readOutbound();
        assertThat(reply).as("reply").isNotNull();
        try {
            return reply.toString(StandardCharsets.US_ASCII);
        } finally {
            reply.release();
        }
    }

    private static ByteBuf ascii(String s) {
        return Unpooled.copiedBuffer(s, StandardCharsets.ISO_8859_1);
    }
}
