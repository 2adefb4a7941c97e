package io.rxhealth.ovs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden files of one test package, under {@code src/test/resources/<package path>}. They are
 * rewritten only when the build is run with {@code -Dgolden.update=true}, after which the diff is
 * reviewed by hand.
 */
public final class Golden {
    private final Class<?> owner;
    private final Path source;

    private Golden(Class<?> owner) {
        this.owner = owner;
        this.source = Path.of("src/test/resources", owner.getPackageName().replace('.', '/'));
    }

    /** The golden files beside {@code owner}'s package. */
    public static Golden of(Class<?> owner) {
        return new Golden(owner);
    }

    public void assertMatches(String name, String actual) {
        if (Boolean.getBoolean("golden.update")) {
            try {
                Files.createDirectories(source);
                Files.writeString(source.resolve(name), actual, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return;
        }
        assertThat(actual).as("golden file %s (regenerate with -Dgolden.update=true, then review the diff)", name)
                .isEqualTo(read(name));
    }

    public String read(String name) {
        try (InputStream in = owner.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("golden file: " + name + " (expected: in " + source
                        + "; create it with -Dgolden.update=true)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
