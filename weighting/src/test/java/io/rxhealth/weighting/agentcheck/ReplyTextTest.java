package io.rxhealth.weighting.agentcheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ReplyTextTest {
    /** Cells spell CR as {@code \r}, LF as {@code \n}, TAB as {@code \t} and NUL as {@code \\0}. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # reason text                        | description
        'cpu warn: load 2.1'                 | 'cpu warn: load 2.1'
        '  padded  '                         | 'padded'
        'GET /x\\r\\nhealth -> 500'          | 'GET /x health -> 500'
        'tab\\tand   runs'                   | 'tab and runs'
        'nul\\0byte'                         | 'nul?byte'
        'disk 91% — used'                    | 'disk 91% ? used'
        'no-break\u00a0space'                | 'no-break space'
        '# hash stays'                       | '# hash stays'
        ''                                   | ''
        """)
    void cleansReasonTextIntoTheLineRule(String reason, String expected) {
        String text = reason.replace("\\r", "\r").replace("\\n", "\n").replace("\\t", "\t").replace("\\0", "\0");
        assertThat(ReplyText.description(text)).isEqualTo(expected);
    }

    @Test
    void cutsALongReasonToTheBoundEndingInDots() {
        String d = ReplyText.description("x".repeat(5_000));
        assertThat(d).hasSize(ReplyText.MAX_DESCRIPTION).endsWith("...");
        assertThat(ReplyText.description("y".repeat(ReplyText.MAX_DESCRIPTION))).hasSize(ReplyText.MAX_DESCRIPTION)
                .doesNotContain(".");
    }

    @Test
    void acceptsOnlyLinesOfTheRule() {
        assertThat(ReplyText.requireLine("up 50% # ok\n")).isEqualTo("up 50% # ok\n");
        assertThatThrownBy(() -> ReplyText.requireLine("up\u0000\n"))
                .hasMessage("reply: \"up\\u0000\\n\" has char 0x0 at 2 (expected: printable ASCII)");
        assertThatThrownBy(() -> ReplyText.requireLine("up\t50%\n"))
                .hasMessage("reply: \"up\\t50%\\n\" has char 0x9 at 2 (expected: printable ASCII)");
    }
}
