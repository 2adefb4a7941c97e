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
    private final SinkCounters counters = new SinkCounters();
    private final Admission admission = new Admission(options, counters);

    @Test
    void writesCurrentReplyThenEndsOutputAndWaitsForTheClientToClose() {
        var channel = connect();

        assertThat(readReply(channel)).isEqualTo("up ready 100%\n");
        assertThat(channel.<Object>readOutbound()).isNull();
        assertThat(channel.isOutputShutdown()).isTrue();
        // Still open: closing with the client's agent-send unread would reset the connection.
        assertThat(channel.isOpen()).isTrue();
        assertThat(counters.snapshot(admission::open).replied()).isEqualTo(1);
    }

    @Test
    void anAnsweredConnectionIsTheFirstToGoWhenRoomIsNeeded() {
        var answered = connect();
        readReply(answered);
        var source = new java.net.InetSocketAddress("127.0.0.1", 40000);
        for (int i = 0; i < 2; i++) {
            admission.admit(source);
            admission.seat(source);
        }

        assertThat(admission.admit(source)).isEqualTo(Admission.Outcome.ADMITTED);
        assertThat(admission.seat(source)).isEqualTo(Admission.Outcome.ADMITTED);
        answered.runPendingTasks();
        assertThat(answered.isOpen()).isFalse();
        assertThat(counters.evicted.sum()).isEqualTo(1);
    }

    @Test
    void anAnsweredClientThatDoesNotCloseIsClosedAtTheLinger() {
        var channel = connect();
        readReply(channel);

        channel.advanceTimeBy(options.linger().toNanos(), TimeUnit.NANOSECONDS);
        channel.runScheduledPendingTasks();

        assertThat(channel.isOpen()).isFalse();
        assertThat(counters.timedOut.sum()).isEqualTo(1);
    }

    @Test
    void closesRightAfterTheReplyWhenTheTransportCannotEndItsOutput() {
        var channel = new EmbeddedChannel(new ConnectionInitializer(replies, counters, admission, options));

        assertThat(readReply(channel)).isEqualTo("up ready 100%\n");
        assertThat(channel.isOpen()).isFalse();
        assertThat(counters.replied.sum()).isEqualTo(1);
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
        var channel = new HalfClosableEmbeddedChannel(new ConnectionInitializer(starting, counters, admission, options));

        assertThat(channel.<Object>readOutbound()).isNull();
        assertThat(channel.isOpen()).isTrue();
        assertThat(starting.current()).isNull();

        starting.publish("up 50% # cpu warn\n");
        channel.runPendingTasks();

        assertThat(readReply(channel)).isEqualTo("up 50% # cpu warn\n");
        assertThat(counters.snapshot(admission::open).replied()).isEqualTo(1);
    }

    @Test
    void aConnectionStillWaitingAtTheTimeoutIsClosedUnanswered() {
        var starting = new ReplyBoard();
        var channel = new HalfClosableEmbeddedChannel(new ConnectionInitializer(starting, counters, admission, options));

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
        assertThat(counters.snapshot(admission::open).oversized()).isEqualTo(1);
        assertThat(counters.snapshot(admission::open).active()).isZero();
    }

    @Test
    void aConnectionClosedInTimeIsNotCountedAsTimedOut() {
        var channel = connect();
        channel.close();

        channel.advanceTimeBy(options.connectionTimeout().toNanos(), TimeUnit.NANOSECONDS);
        channel.runScheduledPendingTasks();

        assertThat(counters.snapshot(admission::open).timedOut()).isZero();
    }

    @Test
    void countsAnErrorAndCloses() {
        var starting = new ReplyBoard();
        var channel = new HalfClosableEmbeddedChannel(new ConnectionInitializer(starting, counters, admission, options));

        channel.pipeline().fireExceptionCaught(new java.io.IOException("Connection reset by peer"));

        assertThat(channel.isOpen()).isFalse();
        assertThat(counters.snapshot(admission::open).errors()).isEqualTo(1);
    }

    @Test
    void aResetAfterTheReplyIsTheUsualEndOfACheckNotAnError() {
        var channel = connect();
        readReply(channel);

        channel.pipeline().fireExceptionCaught(new java.io.IOException("Connection reset by peer"));

        assertThat(channel.isOpen()).isFalse();
        assertThat(counters.snapshot(admission::open).errors()).isZero();
        assertThat(counters.snapshot(admission::open).replied()).isEqualTo(1);
    }

    @Test
    void aHandlerFailureAfterTheReplyIsStillAnError() {
        var channel = connect();
        readReply(channel);

        channel.pipeline().fireExceptionCaught(new IllegalStateException("bug"));

        assertThat(channel.isOpen()).isFalse();
        assertThat(counters.snapshot(admission::open).errors()).isEqualTo(1);
    }

    private HalfClosableEmbeddedChannel connect() {
        return new HalfClosableEmbeddedChannel(new ConnectionInitializer(replies, counters, admission, options));
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
