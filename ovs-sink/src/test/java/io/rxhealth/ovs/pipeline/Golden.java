package io.rxhealth.ovs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden files under {@code src/test/resources/io/rxhealth/ovs/pipeline}. They are rewritten only
 * when the build is run with {@code -Dgolden.update=true}, after which the diff is reviewed by hand.
 */
final class Golden {
    private static final Path SOURCE = Path.of("src/test/resources/io/rxhealth/ovs/pipeline");

    private Golden() {
    }

    static void assertMatches(String name, String actual) {
        if (Boolean.getBoolean("golden.update")) {
            try {
                Files.createDirectories(SOURCE);
                Files.writeString(SOURCE.resolve(name), actual, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return;
        }
        assertThat(actual).as("golden file %s (regenerate with -Dgolden.update=true, then review the diff)", name)
                .isEqualTo(read(name));
    }

    static String read(String name) {
        try (InputStream in = Golden.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("golden file: " + name + " (expected: in src/test/resources/"
                        + "io/rxhealth/ovs/pipeline; create it with -Dgolden.update=true)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
