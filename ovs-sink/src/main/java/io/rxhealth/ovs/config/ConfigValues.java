package io.rxhealth.ovs.config;

import io.rxhealth.weighting.panic.PanicThreshold;
import io.rxhealth.weighting.units.Durations;
import io.rxhealth.weighting.units.Percentages;
import io.rxhealth.weighting.units.UnitException;
import java.net.InetSocketAddress;
import java.time.Duration;

/** Value checks shared by the validators; every failure is one line naming key, value and expectation. */
final class ConfigValues {
    /** The shared grammar ({@link Durations}), of which the daemon's intervals take only what is above zero. */
    private static final String POSITIVE_DURATION = "a positive duration such as 500ms, 2s or 1m";
    private static final String WHOLE_PERCENTAGE = "a whole percentage from 0% to 100% such as 50%";

    private ConfigValues() {
    }

    static Duration duration(String key, String text, Duration fallback) {
        if (text == null) {
            return fallback;
        }
        Duration d;
        try {
            d = Durations.parse(text);
        } catch (UnitException e) {
            throw error(key, text, POSITIVE_DURATION);
        }
        if (d.isZero()) {
            throw error(key, text, POSITIVE_DURATION);
        }
        return d;
    }

    static int count(String key, Integer value, int fallback) {
        int v = value == null ? fallback : value;
        if (v < 1 || v > 100) {
            throw error(key, v, "1..100");
        }
        return v;
    }

    /**
     * A whole percentage in the shared grammar ({@code 50%}), 0..100: the threshold compares
     * integer weights exactly, so {@code 37.5%} is refused rather than rounded.
     */
    static PanicThreshold panicThreshold(String key, String text, PanicThreshold fallback) {
        if (text == null) {
            return fallback;
        }
        double percent;
        try {
            percent = Percentages.parse(text) * 100;
        } catch (UnitException e) {
            throw error(key, text, WHOLE_PERCENTAGE);
        }
        long whole = Math.round(percent);
        // 7% parses to 0.07, and 0.07 * 100 is 7.000000000000001: a whole number is one within rounding.
        if (Math.abs(percent - whole) > 1e-9) {
            throw error(key, text, WHOLE_PERCENTAGE);
        }
        return new PanicThreshold((int) whole);
    }

    static int port(String key, int port) {
        if (port < 1 || port > 65_535) {
            throw error(key, port, "1..65535");
        }
        return port;
    }

    /** {@code ipv4:port}; port 0 ("any free port") only where {@code anyPort}. */
    static InetSocketAddress hostPort(String key, String text, boolean anyPort) {
        int colon = text.lastIndexOf(':');
        if (colon < 0 || !isIpv4(text.substring(0, colon))) {
            throw error(key, text, "ipv4:port");
        }
        int port;
        try {
            port = Integer.parseInt(text.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw error(key, text, "ipv4:port");
        }
        if (!(anyPort && port == 0)) {
            port(key, port);
        }
        return InetSocketAddress.createUnresolved(text.substring(0, colon), port);
    }

    static boolean isIpv4(String text) {
        String[] parts = text.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String p : parts) {
            if (!p.matches("0|[1-9][0-9]{0,2}") || Integer.parseInt(p) > 255) {
                return false;
            }
        }
        return true;
    }

    static <T> T require(String key, T value, String expected) {
        if (value == null) {
            throw new ConfigException(key + ": absent (expected: " + expected + ")");
        }
        return value;
    }

    static String text(Duration d) {
        return Durations.format(d);
    }

    static ConfigException error(String key, Object value, String expected) {
        return new ConfigException(key + ": " + value + " (expected: " + expected + ")");
    }
}
