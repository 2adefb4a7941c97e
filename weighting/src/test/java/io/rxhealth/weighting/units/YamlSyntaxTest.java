package io.rxhealth.weighting.units;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** SnakeYAML's messages (as Jackson's YAML module hands them on, newlines as \n) in one line. */
class YamlSyntaxTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario              | parser's message                                                                                                                                                                                                  | expected
        a tab                   | 'while scanning for the next token\\nfound character ''\\t(TAB)'' that cannot start any token. (Do not use \\t(TAB) for indentation)\\n in ''reader'', line 2, column 1:\\n    \\tport: 9505\\n    ^\\n'          | 'not valid YAML at line 2, column 1: while scanning for the next token; found character ''\\t(TAB)'' that cannot start any token. (Do not use \\t(TAB) for indentation)'
        context and problem     | 'while parsing a flow mapping\\n in ''reader'', line 1, column 9:\\n    listen: { port: 80\\n            ^\\nexpected '','' or ''}'', but got <stream end>\\n in ''reader'', line 1, column 19:\\n    listen: { port: 80\\n                      ^\\n' | 'not valid YAML at line 1, column 19: while parsing a flow mapping; expected '','' or ''}'', but got <stream end>'
        no mark: the fallback   | 'Unexpected end-of-input'                                                                                                                                                                                         | 'not valid YAML at line 3, column 7: Unexpected end-of-input'
        """)
    void saysWhereAndWhatInOneLine(String scenario, String message, String expected) {
        // The parser writes a tab it found as the two characters \t; its snippet line holds the tab itself.
        String parser = message.replace("\\n", "\n").replace("\\tport", "\tport");
        assertEquals(expected, YamlSyntax.message(parser, 3, 7), scenario);
    }

    @org.junit.jupiter.api.Test
    void saysSoWhenThePositionIsUnknown() {
        assertEquals("not valid YAML at an unknown position: ", YamlSyntax.message(null, 0, 0));
    }
}
