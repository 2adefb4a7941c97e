package io.rxhealth.checks.postgres;

import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Hands a probe's {@link ProbeTrace} to the {@link ProbeSocketFactory} the driver creates for that
 * probe. The driver instantiates its socket factory by class name and passes it one string, so the
 * trace has to be found by that string: this map is the one static of the checks, and why. It holds
 * an entry only while its probe runs ({@link Registration#close()} in the probe's {@code finally}).
 */
final class ProbeSockets {
    private static final ConcurrentMap<String, ProbeTrace> TRACES = new ConcurrentHashMap<>();

    private ProbeSockets() {
    }

    /** Registers {@code trace} under a fresh key, passed to the driver as {@code socketFactoryArg}. */
    static Registration register(ProbeTrace trace) {
        String key = UUID.randomUUID().toString();
        TRACES.put(key, trace);
        return new Registration(key);
    }

    /** The trace registered under {@code key}, or null once its probe has ended. */
    static ProbeTrace lookup(String key) {
        return key == null ? null : TRACES.get(key);
    }

    /** One probe's entry; closing removes it. */
    record Registration(String key) implements AutoCloseable {
        @Override
        public void close() {
            TRACES.remove(key);
        }
    }
}
