package io.rxhealth.ovs.build;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * What this daemon was built from and runs on: the project version and git commit the build
 * stamped into {@value #RESOURCE}, and the Java runtime. A build outside a git checkout (a source
 * tarball) stamps {@code unknown} as the commit. The agent has its own (rx-agent's
 * {@code io.rxhealth.agent.build.BuildInfo}); the two programs share no module but weighting.
 *
 * @param version  the project version, e.g. {@code 0.1.0-SNAPSHOT}
 * @param revision the abbreviated git commit, or {@code unknown}
 * @param java     the runtime's version, e.g. {@code 17.0.13}
 */
public record BuildInfo(String version, String revision, String java) {
    /** Classpath resource the build writes (ovs-sink/pom.xml, generate-resources). */
    public static final String RESOURCE = "/io/rxhealth/ovs/build/build.properties";
    static final String UNKNOWN = "unknown";

    public BuildInfo {
        requireNonNull(version, "version");
        requireNonNull(revision, "revision");
        requireNonNull(java, "java");
    }

    /** This process's build details; {@code unknown} where the build stamped nothing. */
    public static BuildInfo current() {
        Properties stamped = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                stamped.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return of(stamped, System.getProperty("java.version", UNKNOWN));
    }

    static BuildInfo of(Properties stamped, String java) {
        return new BuildInfo(stamp(stamped, "version"), stamp(stamped, "revision"), java);
    }

    // A value left unfiltered ("${...}") or blank is as good as none.
    private static String stamp(Properties stamped, String key) {
        String value = stamped.getProperty(key, "").strip();
        return value.isEmpty() || value.startsWith("${") ? UNKNOWN : value;
    }
}
