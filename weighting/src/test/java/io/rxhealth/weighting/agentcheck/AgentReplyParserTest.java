package io.rxhealth.weighting.agentcheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AgentReplyParserTest {
    /**
     * Cells spell CR as {@code \r}, LF as {@code \n}, TAB as {@code \t} and NUL as {@code \\0};
     * {@code -} is "absent".
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "-", emptyValue = "", textBlock = """
        # line                         | health | admin | weight | maxconn | description       | errors
        'up'                           | UP     | -     | -      | -       | ''                | ''
        'UP 75%'                       | UP     | -     | 75     | -       | ''                | ''
        'down'                         | DOWN   | -     | -      | -       | ''                | ''
        'stopped'                      | DOWN   | -     | -      | -       | ''                | ''
        'Fail'                         | DOWN   | -     | -      | -       | ''                | ''
        'failed'                       | -      | -     | -      | -       | ''                | agent reports an error : failed
        'blah'                         | -      | -     | -      | -       | ''                | agent reports an error : blah
        'blah other'                   | -      | -     | -      | -       | ''                | agent reports an error : blah
        'up,blah 60%'                  | UP     | -     | 60     | -       | blah              | ''
        'up 60% # a note'              | UP     | -     | 60     | -       | a note            | ''
        'up blah # a note'             | UP     | -     | -      | -       | blah              | ''
        'down # reason text'           | DOWN   | -     | -      | -       | reason text       | ''
        'down blah # why'              | DOWN   | -     | -      | -       | why               | ''
        'down blah'                    | DOWN   | -     | -      | -       | blah              | ''
        'drain # dropped text'         | -      | DRAIN | -      | -       | ''                | ''
        'maint'                        | -      | MAINT | -      | -       | ''                | ''
        'ready up 100%'                | UP     | READY | 100    | -       | ''                | ''
        'down 50%'                     | DOWN   | -     | 50     | -       | ''                | ''
        '150%'                         | -      | -     | 150    | -       | ''                | ''
        '0%'                           | -      | -     | 0      | -       | ''                | ''
        '99999999999999999999999%'     | -      | -     | 25600  | -       | ''                | ''
        'up 50% 75%'                   | UP     | -     | 75     | -       | ''                | ''
        'down up'                      | UP     | -     | -      | -       | ''                | ''
        'drain ready'                  | -      | READY | -      | -       | ''                | ''
        'up,,\t drain,75%'             | UP     | DRAIN | 75     | -       | ''                | ''
        'up#x'                         | -      | -     | -      | -       | ''                | agent reports an error : up#x
        'up #\t  spaced'               | UP     | -     | -      | -       | spaced            | ''
        'up 60%x'                      | UP     | -     | -      | -       | Trailing garbage in weight string | ''
        '60%x'                         | -      | -     | -      | -       | ''                | agent warns : Trailing garbage in weight string
        '300%x'                        | -      | -     | -      | -       | ''                | agent warns : Absolute weight can only be between 0 and 256 inclusive.
        '0x%'                          | -      | -     | -      | -       | ''                | agent warns : Trailing garbage in weight string
        'up 0x%'                       | UP     | -     | -      | -       | Trailing garbage in weight string | ''
        '0%x'                          | -      | -     | -      | -       | ''                | agent warns : Trailing garbage in weight string
        '5.5%'                         | -      | -     | -      | -       | ''                | agent warns : Trailing garbage in weight string
        '50%%'                         | -      | -     | -      | -       | ''                | agent warns : Trailing garbage in weight string
        '00%'                          | -      | -     | 0      | -       | ''                | ''
        '007%'                         | -      | -     | 7      | -       | ''                | ''
        '999x%'                        | -      | -     | -      | -       | ''                | agent warns : Absolute weight can only be between 0 and 256 inclusive.
        'up 50% 60%x'                  | UP     | -     | -      | -       | Trailing garbage in weight string | ''
        'up 50%\\0'                    | -      | -     | -      | -       | ''                | Ignoring incomplete line from agent
        'down\\0 # x\n'                | -      | -     | -      | -       | ''                | Ignoring incomplete line from agent
        'up\n\\0'                      | UP     | -     | -      | -       | ''                | ''
        'DrAiN'                        | -      | DRAIN | -      | -       | ''                | ''
        'MAINT'                        | -      | MAINT | -      | -       | ''                | ''
        '60'                           | -      | -     | -      | -       | ''                | agent reports an error : 60
        'maxconn:30 up'                | UP     | -     | -      | 30      | ''                | ''
        'MAXCONN:12'                   | -      | -     | -      | 12      | ''                | ''
        'maxconn:'                     | -      | -     | -      | -       | ''                | agent warns : Require <maxconn>.
        'maxconn:x'                    | -      | -     | -      | -       | ''                | agent warns : maxconn string empty or preceded by garbage
        'maxconn:5x'                   | -      | -     | -      | -       | ''                | agent warns : Trailing garbage in maxconn string
        'up 50%\r\ndown'               | UP     | -     | 50     | -       | ''                | ''
        'up 50%\ndown'                 | UP     | -     | 50     | -       | ''                | ''
        'down\rup'                     | DOWN   | -     | -      | -       | ''                | ''
        ''                             | -      | -     | -      | -       | ''                | ''
        'weight:50%'                   | -      | -     | -      | -       | ''                | agent reports an error : weight:50%
        """)
    void parsesLikeHaproxy26(String line, AgentHealth health, AgentAdmin admin, Integer weight,
                             Integer maxconn, String description, String errors) {
        ParsedReply reply = AgentReplyParser.parse(unescape(line));

        assertThat(reply.health()).isEqualTo(Optional.ofNullable(health));
        assertThat(reply.admin()).isEqualTo(Optional.ofNullable(admin));
        assertThat(reply.weightPercent()).isEqualTo(weight == null ? OptionalInt.empty() : OptionalInt.of(weight));
        assertThat(reply.maxconn()).isEqualTo(maxconn == null ? OptionalInt.empty() : OptionalInt.of(maxconn));
        assertThat(reply.description()).isEqualTo(description);
        assertThat(reply.errors()).isEqualTo(errors.isEmpty() ? List.of() : Arrays.asList(errors.split(";")));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
        # received              | first line
        'up 75%\\n'             | up 75%
        'up 75%\\r\\n'          | up 75%
        '\\n'                   | ''
        'down\\rtrailing'       | down
        'up 75%'                | -
        ''                      | -
        """)
    void framesOneLineAndRejectsAnIncompleteOne(String received, String expected) {
        assertThat(AgentReplyParser.firstLine(unescape(received))).isEqualTo(Optional.ofNullable(expected));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        ''          | true
        'blah'      | true
        'failed'    | true
        'up'        | false
        '0%'        | false
        'ready'     | false
        """)
    void tellsWhetherALineChangesAnything(String line, boolean expected) {
        assertThat(AgentReplyParser.parse(line).changesNothing()).isEqualTo(expected);
    }

    @Test
    void foldsCaseInAsciiOnlyAndTakesOtherControlBytesAsPartOfAWord() {
        // strcasecmp() in the C locale: the Kelvin sign is not a K, a vertical tab is no separator.
        assertThat(AgentReplyParser.parse("\u212Aeep up").description()).isEqualTo("\u212Aeep");
        assertThat(AgentReplyParser.parse("up\u000B").errors()).containsExactly("agent reports an error : up\u000B");
        assertThat(AgentReplyParser.parse("\u0130p").health()).isEmpty();
    }

    static String unescape(String cell) {
        return cell.replace("\\r", "\r").replace("\\n", "\n").replace("\\t", "\t").replace("\\0", "\0");
    }
}
