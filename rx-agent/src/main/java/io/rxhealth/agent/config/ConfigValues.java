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
        return new InetSocketAddress(ipLiteral(key + ".address", address), port);
    }

    private static final String IP_EXPECTED = "an IP address of this host such as 0.0.0.0, 127.0.0.1 or ::";
    private static final java.util.regex.Pattern IPV4 =
            java.util.regex.Pattern.compile("((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\\.){3}"
                    + "(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])");

    /**
     * The address {@code text} names, read as a literal: never a DNS lookup (a name that does not
     * resolve would fail only at bind, as a raw exception). {@code localhost} reads as 127.0.0.1.
     * A multicast address cannot be listened on, so it fails here as well.
     */
    static java.net.InetAddress ipLiteral(String key, String text) {
        String literal = "localhost".equals(text) ? "127.0.0.1" : text;
        // The JDK parses a text holding ':' as IPv6 and one of four dotted decimals as IPv4,
        // without asking DNS; anything else it would look up, so it is refused first.
        if (literal == null || !(IPV4.matcher(literal).matches() || literal.matches("[0-9a-fA-F:.]*:[0-9a-fA-F:.]*"))) {
            throw new ConfigException(key, text, IP_EXPECTED);
        }
        java.net.InetAddress address;
        try {
            address = java.net.InetAddress.getByName(literal);
        } catch (java.net.UnknownHostException e) {
            throw new ConfigException(key, text, IP_EXPECTED);
        }
        if (address.isMulticastAddress()) {
            throw new ConfigException(key, text, "a unicast address (this one is multicast)");
        }
        return address;
    }

    /**
     * A PEM file of one or more certificates, read now: a missing, unreadable or empty CA file
     * fails the config (and so {@code config validate}) instead of every probe of the endpoint.
     */
    static Path certificates(String key, String path) {
        Path p = absolute(key, path);
        String expected = "a readable PEM file with at least one certificate";
        try (java.io.InputStream in = java.nio.file.Files.newInputStream(p)) {
            // The X.509 factory reads PEM (Base64 between BEGIN/END lines) as well as DER.
            if (java.security.cert.CertificateFactory.getInstance("X.509").generateCertificates(in).isEmpty()) {
                throw new ConfigException(key, path, expected + "; it holds none");
            }
        } catch (java.nio.file.NoSuchFileException e) {
            throw new ConfigException(key, path, expected + "; there is no such file");
        } catch (java.io.IOException e) {
            throw new ConfigException(key, path, expected + "; it cannot be read: " + e.getMessage());
        } catch (java.security.cert.CertificateException e) {
            throw new ConfigException(key, path, expected + "; it is not one");
        }
        return p;
    }

    static String or(String value, String fallback) {
        return value == null ? fallback : value;
    }
}
