package io.rxhealth.haproxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ReplyBoardTest {
    @Test
    void servesTheInitialLineUntilANewOneIsPublished() {
        var board = new ReplyBoard("up ready 100%\n");
        assertThat(text(board.encoded())).isEqualTo("up ready 100%\n");

        board.publish("up 50% # preview: 503\n");

        assertThat(board.current()).isEqualTo("up 50% # preview: 503\n");
        assertThat(text(board.encoded())).isEqualTo("up 50% # preview: 503\n");
    }

    @Test
    void keepsThePreviousLineWhenAPublishIsRejected() {
        var board = new ReplyBoard("up ready 100%\n");

        assertThatThrownBy(() -> board.publish("down"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("reply: \"down\" (expected: a line ending with \\n)");

        assertThat(board.current()).isEqualTo("up ready 100%\n");
        assertThat(text(board.encoded())).isEqualTo("up ready 100%\n");
    }

    @Test
    void rejectsAnInvalidInitialLine() {
        assertThatThrownBy(() -> new ReplyBoard("up\r\n"))
                .hasMessage("reply: \"up\\r\\n\" has a line break at 2 (expected: exactly one line)");
    }

    @Test
    void eachBufferHasItsOwnIndicesAndReleasingItLeavesTheReplyIntact() {
        var board = new ReplyBoard("up 75%\n");
        ByteBuf first = board.encoded();
        ByteBuf second = board.encoded();

        first.skipBytes(3);
        first.release();

        assertThat(first.isReadOnly()).isTrue();
        assertThat(second.isDirect()).isTrue();
        assertThat(text(second)).isEqualTo("up 75%\n");
        assertThat(text(board.encoded())).isEqualTo("up 75%\n");
    }

    private static String text(ByteBuf buf) {
        try {
            return buf.toString(StandardCharsets.US_ASCII);
        } finally {
            buf.release();
        }
    }
}
