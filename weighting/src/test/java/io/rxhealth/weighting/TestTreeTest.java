package io.rxhealth.weighting;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every module's src/test holds tests and their helpers, no programs: a class there with a main
 * method is a helper only when a test of the same tree launches it (a child process the test
 * starts, owns and stops, as InheritedChannelIT does InheritedChannelMain and SeedScenariosIT
 * CpuBurner). A main no test names is a program (a lab, a harness) and belongs in src/lab/java.
 */
class TestTreeTest {
    /** A declaration, at the start of a line (not a mention in a string or a comment). */
    private static final Pattern MAIN = Pattern.compile("(?m)^\\s*public\\s+static\\s+void\\s+main\\s*\\(");

    @Test
    void everyMainInASrcTestTreeIsLaunchedByATestOfThatTree() throws IOException {
        List<Path> trees = new ArrayList<>();
        try (Stream<Path> modules = Files.list(Path.of(".."))) {
            modules.map(m -> m.resolve("src/test/java")).filter(Files::isDirectory).forEach(trees::add);
        }
        assertThat(trees).as("the modules' test trees, seen from weighting").hasSizeGreaterThanOrEqualTo(5);
        for (Path tree : trees) {
            assertThat(programs(tree)).as("programs in %s (move them to src/lab/java)", tree.normalize()).isEmpty();
        }
    }

    @Test
    void aMainNoTestNamesIsAProgram(@TempDir Path tree) throws IOException {
        Files.writeString(tree.resolve("ChildMain.java"), "class ChildMain {\n    public static void main(String[] a) { }\n}\n");
        Files.writeString(tree.resolve("ChildIT.java"), "class ChildIT { String c = ChildMain.class.getName(); }");
        Files.writeString(tree.resolve("Bench.java"), "class Bench {\n    public static void main(String... a) { }\n}\n");
        Files.writeString(tree.resolve("BenchHelper.java"), "class BenchHelper { Bench b; }");
        assertThat(programs(tree)).containsExactly("Bench.java");
    }

    /** The files of {@code tree} with a main method that no *Test or *IT of the tree names. */
    static List<String> programs(Path tree) throws IOException {
        List<Path> files;
        try (Stream<Path> all = Files.walk(tree)) {
            files = all.filter(p -> p.toString().endsWith(".java")).toList();
        }
        List<String> programs = new ArrayList<>();
        for (Path file : files) {
            if (!MAIN.matcher(read(file)).find()) {
                continue;
            }
            String name = file.getFileName().toString().replace(".java", "");
            Pattern named = Pattern.compile("\\b" + name + "\\b");
            boolean launched = files.stream().filter(f -> !f.equals(file))
                    .filter(f -> f.getFileName().toString().matches(".*(Test|IT)\\.java"))
                    .anyMatch(f -> named.matcher(read(f)).find());
            if (!launched) {
                programs.add(tree.relativize(file).toString());
            }
        }
        return programs;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
