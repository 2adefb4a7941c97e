package io.rxhealth.agent.config;

/** A config error in one line: the key, the value, and what was expected. */
public final class ConfigException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(message);
    }

    public ConfigException(String key, Object value, String expected) {
        super(key + ": " + (value instanceof String ? "'" + value + "'" : String.valueOf(value))
                + " (expected: " + expected + ")");
    }
}
