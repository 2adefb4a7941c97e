package io.rxhealth.ovs.config;

/** A configuration that cannot be used; the message is one line naming key, value and expectation. */
public final class ConfigException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(message);
    }

    public ConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}
