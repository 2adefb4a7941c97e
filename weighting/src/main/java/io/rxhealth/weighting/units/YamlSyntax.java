package io.rxhealth.weighting.units;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A YAML syntax error of either program's config, in one line: the parser's own position and
 * words. SnakeYAML (under Jackson's YAML module) says what it was doing and what it found
 * ("while scanning for the next token", "found character '\t(TAB)' that cannot start any
 * token"), each followed by a mark ({@code  in 'reader', line L, column C:}) and a quoted
 * snippet with a caret. The position is the last mark's, where the parser found the problem
 * (Jackson's own location is where the construct being parsed began, a line early for a tab);
 * the marks and snippets go. Pure; {@code YamlSyntaxTest} is the table.
 */
public final class YamlSyntax {
    private static final Pattern MARK = Pattern.compile("line (\\d+), column (\\d+):");

    private YamlSyntax() {
    }

    /**
     * {@code not valid YAML at line L, column C: what the parser said}.
     *
     * @param parserMessage the parser's message, marks and snippets included (may be null)
     * @param line          the line to name when the message has no mark (1-based, or below 1 when unknown)
     * @param column        the column to name then (1-based)
     */
    public static String message(String parserMessage, int line, int column) {
        String text = parserMessage == null ? "" : parserMessage;
        String where = line < 1 ? "at an unknown position" : "at line " + line + ", column " + column;
        Matcher m = MARK.matcher(text);
        while (m.find()) {
            where = "at line " + m.group(1) + ", column " + m.group(2);
        }
        return "not valid YAML " + where + ": " + words(text);
    }

    /** What the parser said, without its marks and snippets, its lines joined by "; ". */
    static String words(String message) {
        List<String> said = new ArrayList<>();
        for (String line : message.split("\n")) {
            if (line.isBlank() || line.startsWith(" in '") || line.startsWith("    ") || line.strip().equals("^")) {
                continue;
            }
            said.add(line.strip());
        }
        return String.join("; ", said);
    }
}
