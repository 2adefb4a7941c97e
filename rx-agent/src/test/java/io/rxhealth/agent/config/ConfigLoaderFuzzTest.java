package io.rxhealth.agent.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random byte mutations of valid agent configs, seeded and bounded: the loader either accepts the
 * result or rejects it with a {@link ConfigException} whose message is one line of printable text
 * that names where the config came from. Any other exception, or a message over several
 * lines or with raw control characters, fails with the seed and the mutated text.
 */
class ConfigLoaderFuzzTest {
    private static final long SEED = 0xc0f1_6a6eL;
    private static final int MUTANTS = 3_000;
    private static final String[] TOKENS = {
        ": ", "- ", "[", "]", "{", "}", "\"", "'", "&a ", "*a", "!!int ", "!!binary ", "<<: ", "|", ">", "\n", "  ",
        "\t", "#", "%", "@", "`", "?", "~", "null", "0x10", "1e999", "-1", "0", "99999999999999999999", ".inf",
        ".nan", "\\n", "\\x00", "\0", "\r", "\u001b", "\u007f", "%%", "ms", "s", "h", "d", "yes", "no", ",", "\u00e9",
        "\ud83d\ude00", "\ufeff",
    };

    private final ConfigLoader loader = new ConfigLoader();

    @TempDir
    Path dir;

    @Test
    void everyMutantLoadsOrIsRejectedInOneLine() throws IOException {
        List<byte[]> seeds = List.of(resource(ConfigLoader.DEFAULT_RESOURCE), ("""
                state-dir: /tmp/rxh-state
                checks:
                  http:
                    - name: storage
                      url: http://127.0.0.1:8080/storage/health
                      expect: [200, 204]
                      timeout: 500ms
                      on-crit: down
                      window: { size: 10, min-samples: 3, p95-warn: 800ms, error-rate-crit: 20% }
                    - { name: preview, url: http://127.0.0.1:8080/preview/health, on-warn: 50%, on-crit: 50% }
                  docker:
                    host: tcp://127.0.0.1:2375
                    containers:
                      - { name: rx-storage, on-crit: down }
                """).getBytes(StandardCharsets.UTF_8));
        for (byte[] seed : seeds) {
            loader.parse(new String(seed, StandardCharsets.UTF_8), "seed");
        }
        Random random = new Random(SEED);
        List<String> failures = new ArrayList<>();
        int accepted = 0;
        for (int n = 0; n < MUTANTS && failures.size() < 5; n++) {
            byte[] mutant = mutate(seeds.get(random.nextInt(seeds.size())), random);
            boolean viaFile = random.nextInt(10) == 0;
            String origin = viaFile ? dir.resolve("m.yaml").toString() : "fuzz";
            try {
                if (viaFile) {
                    Files.write(dir.resolve("m.yaml"), mutant);
                    loader.load(Optional.of(dir.resolve("m.yaml")));
                } else {
                    loader.parse(new String(mutant, StandardCharsets.UTF_8), origin);
                }
                accepted++;
            } catch (ConfigException e) {
                String problem = oneLineProblem(e.getMessage(), origin);
                if (problem != null) {
                    failures.add("mutant #" + n + " (seed " + SEED + "): " + problem + ": " + show(e.getMessage())
                            + "\n--- config ---\n" + new String(mutant, StandardCharsets.UTF_8));
                }
            } catch (RuntimeException e) {
                failures.add("mutant #" + n + " (seed " + SEED + "): " + e + "\n--- config ---\n"
                        + new String(mutant, StandardCharsets.UTF_8));
            }
        }
        assertThat(failures).isEmpty();
        // Mutants that still load show the fuzz reaches past the YAML syntax into the validator.
        assertThat(accepted).isPositive();
    }

    /** Why a rejection message is not one printable line naming its origin, or null if it is. */
    static String oneLineProblem(String message, String origin) {
        if (message == null || message.isBlank()) {
            return "no message";
        }
        if (!message.contains(origin + ": ")) {
            return "does not name '" + origin + "'";
        }
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                return "control character 0x" + Integer.toHexString(c) + " at " + i;
            }
        }
        return null;
    }

    private static String show(String s) {
        return s.replace("\n", "\\n").replace("\r", "\\r");
    }

    /** One to four edits: a byte replaced, a token inserted, a range deleted, a line doubled. */
    static byte[] mutate(byte[] seed, Random random) {
        byte[] out = seed;
        for (int edits = 1 + random.nextInt(4); edits > 0; edits--) {
            int at = random.nextInt(out.length + 1);
            ByteArrayOutputStream next = new ByteArrayOutputStream(out.length + 16);
            switch (random.nextInt(4)) {
                case 0 -> {
                    next.write(out, 0, Math.min(at, out.length));
                    next.write(random.nextInt(256));
                    if (at < out.length) {
                        next.write(out, at + 1, out.length - at - 1);
                    }
                }
                case 1 -> {
                    next.write(out, 0, at);
                    next.writeBytes(TOKENS[random.nextInt(TOKENS.length)].getBytes(StandardCharsets.UTF_8));
                    next.write(out, at, out.length - at);
                }
                case 2 -> {
                    int len = Math.min(out.length - at, random.nextInt(12));
                    next.write(out, 0, at);
                    next.write(out, at + len, out.length - at - len);
                }
                default -> {
                    int start = at;
                    while (start > 0 && out[start - 1] != '\n') {
                        start--;
                    }
                    int end = at;
                    while (end < out.length && out[end] != '\n') {
                        end++;
                    }
                    next.write(out, 0, end);
                    next.write('\n');
                    next.write(out, start, out.length - start);
                }
            }
            out = next.toByteArray();
        }
        return out;
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = ConfigLoader.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException(name + ": not on the class path");
            }
            return in.readAllBytes();
        }
    }
}
