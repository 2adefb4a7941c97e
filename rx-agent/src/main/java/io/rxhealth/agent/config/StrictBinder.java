package io.rxhealth.agent.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

/**
 * Binds one YAML value, read straight off the parser, onto a record: each component is a
 * kebab-case key ({@code maxConnections} is {@code max-connections}), every key is optional
 * (absent or {@code ~} is null), and an unknown or repeated key is an error. Components may be
 * String, Integer, Boolean, a List of those or of records, or a record.
 *
 * <p>Scalars are coerced as an operator means them: any scalar into a String keeps the text as
 * written ({@code 2.50} stays {@code 2.50}), a whole number written as text ({@code '9000'}) into
 * an Integer, {@code 'true'}/{@code 'false'} into a Boolean. Everything else fails in one line
 * naming the key path, the value and what was expected; the caller adds where the text came from.
 */
final class StrictBinder {
    private static final int SHOWN_CHARS = 40;

    private StrictBinder() {
    }

    /**
     * Binds the value at the parser's current token onto {@code type} and leaves the parser on that
     * value's last token. Syntax errors surface as the parser's own {@link IOException}.
     */
    static <T extends Record> T bind(JsonParser parser, Class<T> type) throws IOException {
        return type.cast(value(parser, type, ""));
    }

    private static Object value(JsonParser p, Type type, String path) throws IOException {
        JsonToken token = p.currentToken();
        if (p instanceof YAMLParser yaml && yaml.isCurrentAlias()) {
            // The parser hands an alias over as its anchor's name: binding that would be a silent lie.
            throw new ConfigException(at(path) + ": *" + yaml.getText()
                    + " (expected: the value written out; YAML aliases are not supported)");
        }
        if (token == JsonToken.VALUE_NULL) {
            return null;
        }
        Class<?> raw = rawClass(type);
        if (raw == String.class) {
            if (!token.isScalarValue()) {
                throw wrongKind(path, raw);
            }
            return p.getText();
        }
        if (raw == Integer.class) {
            return whole(p, token, path);
        }
        if (raw == Boolean.class) {
            return bool(p, token, path);
        }
        if (raw == List.class) {
            return list(p, token, ((ParameterizedType) type).getActualTypeArguments()[0], path);
        }
        if (raw.isRecord()) {
            if (token != JsonToken.START_OBJECT) {
                throw wrongKind(path, raw);
            }
            return record(p, raw, path);
        }
        throw new IllegalArgumentException(path + ": cannot bind a component of type " + type);
    }

    private static Integer whole(JsonParser p, JsonToken token, String path) throws IOException {
        if (token == JsonToken.VALUE_NUMBER_INT) {
            if (p.getNumberType() == JsonParser.NumberType.INT) {
                return p.getIntValue();
            }
            throw badValue(path, p.getText(), Integer.class);
        }
        if (token == JsonToken.VALUE_STRING) {
            try {
                return Integer.valueOf(p.getText().trim());
            } catch (NumberFormatException e) {
                throw badValue(path, p.getText(), Integer.class);
            }
        }
        if (token == JsonToken.VALUE_NUMBER_FLOAT) {
            throw badValue(path, p.getText(), Integer.class);
        }
        throw wrongKind(path, Integer.class);
    }

    private static Boolean bool(JsonParser p, JsonToken token, String path) throws IOException {
        if (token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE) {
            return token == JsonToken.VALUE_TRUE;
        }
        if (token == JsonToken.VALUE_STRING || token.isNumeric()) {
            String text = p.getText().trim();
            if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
                return Boolean.valueOf(text);
            }
            throw badValue(path, p.getText(), Boolean.class);
        }
        throw wrongKind(path, Boolean.class);
    }

    private static List<Object> list(JsonParser p, JsonToken token, Type element, String path) throws IOException {
        if (token != JsonToken.START_ARRAY) {
            throw wrongKind(path, List.class);
        }
        List<Object> out = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            out.add(value(p, element, path + "[" + out.size() + "]"));
        }
        // Null elements are kept: the validator names them with their index and what belongs there.
        return Collections.unmodifiableList(out);
    }

    private static Object record(JsonParser p, Class<?> type, String path) throws IOException {
        RecordComponent[] components = type.getRecordComponents();
        TreeMap<String, Integer> index = new TreeMap<>();
        for (int i = 0; i < components.length; i++) {
            index.put(kebab(components[i].getName()), i);
        }
        Object[] values = new Object[components.length];
        Set<String> seen = new HashSet<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            String keyPath = path.isEmpty() ? key : path + "." + key;
            Integer i = index.get(key);
            if (i == null) {
                throw new ConfigException("unknown key '" + keyPath + "' (expected one of: "
                        + String.join(", ", index.keySet()) + ")");
            }
            if (!seen.add(key)) {
                // Last-one-wins would hide the first value as surely as an unknown key hides a typo.
                throw new ConfigException("duplicate key '" + keyPath + "' (expected: each key once)");
            }
            p.nextToken();
            values[i] = value(p, components[i].getGenericType(), keyPath);
        }
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
        }
        try {
            return type.getDeclaredConstructor(types).newInstance(values);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(type.getSimpleName() + " rejected bound values", e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot construct " + type.getName(), e);
        }
    }

    /** The key of a record component: {@code p95Warn} is {@code p95-warn}. */
    static String kebab(String component) {
        StringBuilder key = new StringBuilder(component.length() + 4);
        for (int i = 0; i < component.length(); i++) {
            char c = component.charAt(i);
            if (Character.isUpperCase(c)) {
                key.append(i == 0 ? "" : "-").append(Character.toLowerCase(c));
            } else {
                key.append(c);
            }
        }
        return key.toString();
    }

    private static Class<?> rawClass(Type type) {
        return type instanceof ParameterizedType generic ? (Class<?>) generic.getRawType() : (Class<?>) type;
    }

    private static ConfigException wrongKind(String path, Class<?> expected) {
        return new ConfigException(at(path) + ": wrong kind of value (expected: " + kind(expected) + ")");
    }

    private static ConfigException badValue(String path, String text, Class<?> expected) {
        String flat = text.replaceAll("\\s+", " ");
        String shown = flat.length() > SHOWN_CHARS ? flat.substring(0, SHOWN_CHARS - 3) + "..." : flat;
        return new ConfigException(at(path) + ": '" + shown + "' (expected: " + kind(expected) + ")");
    }

    private static String at(String path) {
        return path.isEmpty() ? "(top)" : path;
    }

    /** What a config value of this Java type looks like, in the operator's words. */
    private static String kind(Class<?> type) {
        if (type == Integer.class) {
            return "a whole number";
        }
        if (type == Boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a single value such as 2s, 80% or a name";
        }
        if (type == List.class) {
            return "a list";
        }
        return "a mapping of keys";
    }
}
