package io.rxhealth.ovs.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.rxhealth.weighting.units.YamlSyntax;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Reads the daemon's YAML configuration (keys in kebab-case, unknown keys rejected) and validates
 * it; every error is one line naming the key, the value and what was expected.
 */
public final class ConfigLoader {
    /** Classpath resource of the example configuration shipped in the jar. */
    public static final String EXAMPLE_RESOURCE = "/rx-health-lbd.example.yaml";

    private final ObjectMapper yaml = new ObjectMapper(new YAMLFactory())
            .setPropertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    public LbConfig load(Path file) {
        String text;
        try {
            text = utf8(Files.readAllBytes(file), file);
        } catch (NoSuchFileException e) {
            throw new ConfigException(file + ": no such file (expected: a readable YAML file)", e);
        } catch (IOException e) {
            throw new ConfigException(file + ": cannot be read (" + e.getMessage() + ")", e);
        }
        try {
            Path dir = file.toAbsolutePath().getParent();
            return parse(text, dir == null ? Path.of("") : dir);
        } catch (ConfigException e) {
            throw new ConfigException(file + ": " + e.getMessage(), e);
        }
    }

    /** The example configuration shipped in the jar (used by tests and as documentation). */
    public LbConfig example() {
        try (InputStream in = ConfigLoader.class.getResourceAsStream(EXAMPLE_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("resource " + EXAMPLE_RESOURCE + " is missing from the jar");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("resource " + EXAMPLE_RESOURCE + " cannot be read", e);
        }
    }

    /** Parses YAML text; a relative {@code topology} path is taken from the working directory. */
    public LbConfig parse(String text) {
        return parse(text, Path.of(""));
    }

    /**
     * Parses YAML text; a relative {@code topology} path is resolved against {@code base}. Values
     * are quoted as written, so the message has its control characters escaped: a tab or line
     * break in a value must not break the one-line message or reach a terminal raw.
     */
    public LbConfig parse(String text, Path base) {
        try {
            return parseRaw(text, base);
        } catch (ConfigException e) {
            String printable = printable(e.getMessage());
            throw printable.equals(e.getMessage()) ? e : new ConfigException(printable, e);
        }
    }

    private LbConfig parseRaw(String text, Path base) {
        RawConfig raw;
        try {
            if (empty(text)) {
                throw new ConfigException("empty (expected: a mapping with openflow and pools)");
            }
            raw = yaml.readValue(text, RawConfig.class);
        } catch (UnrecognizedPropertyException e) {
            String known = e.getKnownPropertyIds().stream().map(String::valueOf).sorted()
                    .collect(Collectors.joining(", "));
            throw new ConfigException(path(e) + ": unknown key (expected one of: " + known + ")", e);
        } catch (InvalidFormatException e) {
            throw new ConfigException(path(e) + ": " + e.getValue() + " (expected: "
                    + e.getTargetType().getSimpleName().toLowerCase(Locale.ROOT) + ")", e);
        } catch (JsonMappingException e) {
            if (e.getCause() instanceof StreamReadException syntax) {
                // Databind wraps YAML syntax errors met while binding; report them as syntax.
                throw syntaxError(syntax);
            }
            throw new ConfigException(path(e) + ": " + firstLine(e.getOriginalMessage()), e);
        } catch (StreamReadException e) {
            throw syntaxError(e);
        } catch (JsonProcessingException e) {
            throw new ConfigException("config: " + firstLine(e.getOriginalMessage()), e);
        } catch (IOException e) {
            // Reading a String: no I/O can fail.
            throw new java.io.UncheckedIOException(e);
        }
        if (raw == null) {
            throw new ConfigException("empty (expected: a mapping with openflow and pools)");
        }
        return new ConfigValidator().validate(raw, base);
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

    /** The parser's own position and words, in one line ({@link YamlSyntax}, as the agent says it). */
    private static ConfigException syntaxError(StreamReadException e) {
        return new ConfigException(YamlSyntax.message(e.getOriginalMessage(),
                e.getLocation() == null ? 0 : e.getLocation().getLineNr(),
                e.getLocation() == null ? 0 : e.getLocation().getColumnNr()), e);
    }

    /**
     * Whether {@code text} holds no YAML value at all (nothing, comments, a bare {@code ---}):
     * databind would say "No content to map due to end-of-input".
     */
    private boolean empty(String text) throws IOException {
        try (JsonParser parser = yaml.getFactory().createParser(text)) {
            JsonToken first = parser.nextToken();
            return first == null || first == JsonToken.VALUE_NULL;
        }
    }

    private static String path(JsonMappingException e) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                if (sb.length() > 0) {
                    sb.append('.');
                }
                sb.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                sb.append('[').append(ref.getIndex()).append(']');
            }
        }
        return sb.length() == 0 ? "config" : sb.toString();
    }

    private static String firstLine(String message) {
        String m = message == null ? "" : message;
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
