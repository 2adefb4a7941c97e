package io.rxhealth.agent.config;

import io.rxhealth.weighting.CheckPolicy;
import io.rxhealth.weighting.Reaction;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;

/** Value checks shared by the config validators; each failure is a one-line {@link ConfigException}. */
final class ConfigValues {
    private ConfigValues() {
    }

    static CheckPolicy policy(String key, String onWarn, String onCrit, String onUnknown, String warnDefault,
                                      String critDefault) {
        Reaction warn = reaction(key + ".on-warn", or(onWarn, warnDefault));
        Reaction crit = reaction(key + ".on-crit", or(onCrit, critDefault));
        Reaction unknown = onUnknown == null ? crit : reaction(key + ".on-unknown", onUnknown);
        return new CheckPolicy(warn, crit, unknown);
    }

    static Reaction reaction(String key, String text) {
        try {
            return Reaction.parse(text);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(key, text, "none, down or 0%..100%");
        }
    }

    static void ordered(String key, String warnText, double warn, double crit) {
        if (warn > crit) {
            throw new ConfigException(key + ".warn", warnText, "at most crit (" + crit + ")");
        }
    }

    static Duration positive(String key, String text) {
        Duration d = Units.duration(key, text);
        if (d.isZero()) {
            throw new ConfigException(key, text, "a duration above 0");
        }
        return d;
    }

    static int atLeastOne(String key, int n) {
        if (n < 1) {
            throw new ConfigException(key, n, ">= 1");
        }
        return n;
    }

    static Path absolute(String key, String path) {
        Path p = Path.of(path);
        if (!p.isAbsolute()) {
            throw new ConfigException(key, path, "an absolute path");
        }
        return p;
    }

    static InetSocketAddress socketAddress(String key, String address, int port, boolean allowZero) {
        if (port < (allowZero ? 0 : 1) || port > 65535) {
            throw new ConfigException(key + ".port", port, "0..65535");
        }
        if (!address.matches("[0-9.]+|[0-9a-fA-F:]+|localhost")) {
            throw new ConfigException(key + ".address", address, "an IP address such as 0.0.0.0 or 127.0.0.1");
        }
        return new InetSocketAddress(address, port);
    }

    static String or(String value, String fallback) {
        return value == null ? fallback : value;
    }
}
