package io.rxhealth.agent.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Reads the agent's YAML config — a file, or the embedded default (host checks only) — and
 * validates it. Every error is one line naming the key, the value and what was expected; an
 * unknown key is an error, so a typo never silently falls back to a default.
 */
public final class ConfigLoader {
    /** Classpath resource of the embedded default config. */
    public static final String DEFAULT_RESOURCE = "/rx-health-agent.yaml";

    private final ObjectMapper mapper = new ObjectMapper(new YAMLFactory())
            .setPropertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /** The file's config, or the embedded default when {@code file} is empty. */
    public AgentConfig load(Optional<Path> file) {
        if (file.isEmpty()) {
            return loadDefault();
        }
        String text;
        try {
            text = Files.readString(file.get(), StandardCharsets.UTF_8);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new ConfigException("config: " + file.get() + ": no such file (expected: a readable YAML file)");
        } catch (IOException e) {
            throw new ConfigException("config: cannot read " + file.get() + ": " + e.getMessage());
        }
        return parse(text, file.get().toString());
    }

    public AgentConfig loadDefault() {
        try (InputStream in = ConfigLoader.class.getResourceAsStream(DEFAULT_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("embedded default config " + DEFAULT_RESOURCE + " is missing");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "embedded default");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses and validates YAML text; {@code origin} names it in errors. */
    public AgentConfig parse(String yaml, String origin) {
        if (yaml.isBlank()) {
            throw new ConfigException(origin + ": empty (expected: a YAML mapping such as the embedded default)");
        }
        RawConfig raw;
        try {
            raw = mapper.readValue(yaml, RawConfig.class);
        } catch (UnrecognizedPropertyException e) {
            String known = e.getKnownPropertyIds() == null ? "" : e.getKnownPropertyIds().stream()
                    .map(String::valueOf).sorted().collect(Collectors.joining(", "));
            throw new ConfigException(origin + ": unknown key '" + path(e) + "' (expected one of: " + known + ")");
        } catch (InvalidFormatException e) {
            throw new ConfigException(origin + ": " + path(e) + ": " + shown(e.getValue()) + " (expected: "
                    + kind(e.getTargetType()) + ")");
        } catch (MismatchedInputException e) {
            throw new ConfigException(origin + ": " + path(e) + ": wrong kind of value (expected: "
                    + kind(e.getTargetType()) + ")");
        } catch (JsonMappingException e) {
            throw new ConfigException(origin + ": " + path(e) + ": " + firstLine(e.getOriginalMessage()));
        } catch (JsonProcessingException e) {
            throw new ConfigException(origin + ": not valid YAML at line "
                    + (e.getLocation() == null ? "?" : e.getLocation().getLineNr()) + ": "
                    + firstLine(e.getOriginalMessage()));
        }
        if (raw == null) {
            throw new ConfigException(origin + ": empty (expected: a YAML mapping)");
        }
        try {
            return new ConfigValidator().validate(raw);
        } catch (ConfigException e) {
            throw new ConfigException(origin + ": " + e.getMessage());
        }
    }

    private static String path(JsonMappingException e) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                b.append(b.length() == 0 ? "" : ".").append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                b.append('[').append(ref.getIndex()).append(']');
            }
        }
        return b.length() == 0 ? "(top)" : b.toString();
    }

    /** What a config value of this Java type looks like, in the operator's words. */
    static String kind(Class<?> type) {
        if (type == null) {
            return "a value of another kind";
        }
        if (type == Integer.class || type == int.class) {
            return "a whole number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a single value such as 2s, 80% or a name";
        }
        if (java.util.List.class.isAssignableFrom(type)) {
            return "a list";
        }
        return "a mapping of keys";
    }

    private static String shown(Object value) {
        String text = String.valueOf(value).replaceAll("\\s+", " ");
        return "'" + (text.length() > 40 ? text.substring(0, 37) + "..." : text) + "'";
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
