package io.rxhealth.agent.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.rxhealth.weighting.units.YamlSyntax;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads the agent's YAML config — a file, or the embedded default (host checks only) — and
 * validates it. Every error is one line naming the key, the value and what was expected; an
 * unknown or repeated key is an error, so a typo never silently falls back to a default.
 */
public final class ConfigLoader {
    /** Classpath resource of the embedded default config. */
    public static final String DEFAULT_RESOURCE = "/rx-health-agent.yaml";

    // The streaming YAML parser and a record binder, not an object mapper: the agent stays in its
    // memory budget, and every binding error is still one line naming the key path.
    private final YAMLFactory factory = new YAMLFactory();

    /** The file's config, or the embedded default when {@code file} is empty. */
    public AgentConfig load(Optional<Path> file) {
        if (file.isEmpty()) {
            return loadDefault();
        }
        String text;
        try {
            text = utf8(Files.readAllBytes(file.get()), file.get());
        } catch (java.nio.file.NoSuchFileException e) {
            throw new ConfigException(file.get() + ": no such file (expected: a readable YAML file)");
        } catch (IOException e) {
            throw new ConfigException(file.get() + ": cannot be read (" + e.getMessage() + ")");
        }
        return parse(text, file.get().toString());
    }

    public AgentConfig loadDefault() {
        return parse(defaultText(), "embedded default");
    }

    private static String defaultText() {
        try (InputStream in = ConfigLoader.class.getResourceAsStream(DEFAULT_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("embedded default config " + DEFAULT_RESOURCE + " is missing");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses and validates YAML text; {@code origin} names it in errors. */
    public AgentConfig parse(String yaml, String origin) {
        if (yaml.isBlank()) {
            throw new ConfigException(origin + ": empty (expected: a YAML mapping such as the embedded default)");
        }
        try {
            return new ConfigValidator(this::defaultChecks).validate(bind(yaml));
        } catch (ConfigException e) {
            // Values are quoted as written; a tab, line break or other control character in one
            // must not break the one-line message or reach a terminal raw.
            throw new ConfigException(origin + ": " + printable(e.getMessage()));
        }
    }

    /** The embedded default's {@code checks:}, bound anew for each config that has none. */
    private RawConfig.RawChecks defaultChecks() {
        return bind(defaultText()).checks();
    }

    /** The text bound onto the schema; errors name the key path, the caller adds the origin. */
    private RawConfig bind(String yaml) {
        try (JsonParser parser = factory.createParser(yaml)) {
            JsonToken first = parser.nextToken();
            if (first == null || first == JsonToken.VALUE_NULL) {
                throw new ConfigException("empty (expected: a YAML mapping)");
            }
            RawConfig raw = StrictBinder.bind(parser, RawConfig.class);
            if (parser.nextToken() != null) {
                throw new ConfigException("a second YAML document at line " + parser.currentLocation().getLineNr()
                        + " (expected: one mapping)");
            }
            return raw;
        } catch (JsonProcessingException e) {
            throw new ConfigException(YamlSyntax.message(e.getOriginalMessage(),
                    e.getLocation() == null ? 0 : e.getLocation().getLineNr(),
                    e.getLocation() == null ? 0 : e.getLocation().getColumnNr()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The file's text; bytes that are not UTF-8 are named by their offset, not "Input length = 1". */
    private static String utf8(byte[] bytes, Path file) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = StandardCharsets.UTF_8.newDecoder().decode(in, out, true);
        if (result.isError()) {
            throw new ConfigException(file + ": not UTF-8 at byte " + in.position()
                    + " (expected: a UTF-8 YAML file)");
        }
        return out.flip().toString();
    }

    /** {@code text} with control characters escaped ({@code \\t}, {@code \\n}, {@code \\r}, {@code \\u001b}). */
    static String printable(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                default -> {
                    if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == '\u2028' || c == '\u2029') {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }
}
