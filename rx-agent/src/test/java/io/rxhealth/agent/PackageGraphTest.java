package io.rxhealth.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The agent's rooms as its sources draw them: the root package only wires (nothing in src/main
 * names it), and no two packages name each other, so each room can be read from the ones below
 * it. Read from the source text, imports and qualified names alike.
 */
class PackageGraphTest {
    private static final Path SOURCES = Path.of("src", "main", "java");
    private static final String ROOT = "io.rxhealth.agent";
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package ([\\w.]+);");
    /** A name of ours followed by a type: {@code io.rxhealth.agent.state.History}, in an import or inline. */
    private static final Pattern REFERENCE = Pattern.compile("\\bio\\.rxhealth\\.agent((?:\\.[a-z]\\w*)*)\\.[A-Z]");

    @Test
    void nothingNamesTheRootPackage() throws IOException {
        graph().forEach((from, to) -> assertThat(to).as("%s names the composition root", from).doesNotContain(ROOT));
    }

    @Test
    void noTwoPackagesNameEachOther() throws IOException {
        Map<String, Set<String>> graph = graph();
        List<String> both = new ArrayList<>();
        graph.forEach((from, targets) -> targets.forEach(to -> {
            if (from.compareTo(to) < 0 && graph.getOrDefault(to, Set.of()).contains(from)) {
                both.add(from + " <-> " + to);
            }
        }));
        assertThat(both).isEmpty();
    }

    /** Package to the other packages of ours its files name. */
    private static Map<String, Set<String>> graph() throws IOException {
        Map<String, Set<String>> graph = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES.resolve(ROOT.replace('.', '/')))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String text = Files.readString(file);
                Matcher pkg = PACKAGE.matcher(text);
                assertThat(pkg.find()).as("%s has a package line", file).isTrue();
                Set<String> targets = graph.computeIfAbsent(pkg.group(1), p -> new TreeSet<>());
                Matcher ref = REFERENCE.matcher(text.substring(pkg.end()));
                while (ref.find()) {
                    String target = ROOT + ref.group(1);
                    if (!target.equals(pkg.group(1))) {
                        targets.add(target);
                    }
                }
            }
        }
        assertThat(graph).containsKeys(ROOT, ROOT + ".cli", ROOT + ".status", ROOT + ".state", ROOT + ".loop");
        return graph;
    }
}
