package io.rxhealth.haproxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class ReplyLineTest {
    @ParameterizedTest
    @ValueSource(strings = {"up ready 100%\n", "down # storage: 503\n", "up 75%,maxconn:10\n", "\n",
        "drain\n"})
    void acceptsOneAsciiLineEndingWithNewline(String line) {
        assertThat(ReplyLine.requireValid(line)).isSameAs(line);
    }

    static Stream<Arguments> invalidLines() {
        return Stream.of(
                Arguments.of("no newline", "up 100%",
                        "reply: \"up 100%\" (expected: a line ending with \\n)"),
                Arguments.of("empty", "",
                        "reply: \"\" is 0 chars (expected: 1..1024, newline included)"),
                Arguments.of("crlf", "up 100%\r\n",
                        "reply: \"up 100%\\r\\n\" has a line break at 7 (expected: exactly one line)"),
                Arguments.of("two lines", "up\ndown\n",
                        "reply: \"up\\ndown\\n\" has a line break at 2 (expected: exactly one line)"),
                Arguments.of("non-ascii", "up # диск\n",
                        "reply: \"up # \\u0434\\u0438\\u0441\\u043a\\n\" has char 0x434 at 5"
                                + " (expected: printable ASCII)"),
                Arguments.of("control char", "up\u0000\n",
                        "reply: \"up\\u0000\\n\" has char 0x0 at 2 (expected: printable ASCII)"),
                Arguments.of("tab", "up\t75%\n",
                        "reply: \"up\\t75%\\n\" has char 0x9 at 2 (expected: printable ASCII)"),
                Arguments.of("delete char", "up\u007f\n",
                        "reply: \"up\\u007f\\n\" has char 0x7f at 2 (expected: printable ASCII)"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidLines")
    void rejectsWithAOneLineMessage(String scenario, String line, String message) {
        assertThatThrownBy(() -> ReplyLine.requireValid(line))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    @Test
    void rejectsNull() {
        assertThatThrownBy(() -> ReplyLine.requireValid(null))
                .hasMessage("reply: null (expected: one line ending with \\n)");
    }

    @Test
    void acceptsUpTo1024CharsNewlineIncludedAndShortensTheRejectedLineInTheMessage() {
        String longest = "u".repeat(ReplyLine.MAX_LENGTH - 1) + "\n";
        assertThat(ReplyLine.requireValid(longest)).isSameAs(longest);

        assertThatThrownBy(() -> ReplyLine.requireValid("u" + longest))
                .hasMessage("reply: \"" + "u".repeat(79) + "...\" is 1025 chars"
                        + " (expected: 1..1024, newline included)");
    }
}
