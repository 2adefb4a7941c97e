package io.rxhealth.weighting;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A module's packages as its sources draw them: each package and the other packages under the
 * same root that its files name, in imports and inline qualified names alike (shared with the
 * other modules' package tests through this module's test jar).
 */
public final class PackageGraph {
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package ([\\w.]+);");

    private final String root;
    private final Map<String, Set<String>> edges;

    private PackageGraph(String root, Map<String, Set<String>> edges) {
        this.root = root;
        this.edges = edges;
    }

    /** Reads every {@code .java} file under {@code sources} (a source root such as {@code src/main/java}) in package {@code root} or below. */
    public static PackageGraph read(Path sources, String root) throws IOException {
        // A name of ours followed by a type: io.rxhealth.ovs.slots.PoolSpec, in an import or inline.
        Pattern reference = Pattern.compile("\\b" + Pattern.quote(root) + "((?:\\.[a-z]\\w*)*)\\.[A-Z]");
        Map<String, Set<String>> edges = new TreeMap<>();
        try (Stream<Path> files = Files.walk(sources.resolve(root.replace('.', '/')))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                String text = Files.readString(file);
                Matcher pkg = PACKAGE.matcher(text);
                if (!pkg.find()) {
                    throw new IllegalStateException(file + ": no package line");
                }
                Set<String> targets = edges.computeIfAbsent(pkg.group(1), p -> new TreeSet<>());
                Matcher ref = reference.matcher(text.substring(pkg.end()));
                while (ref.find()) {
                    String target = root + ref.group(1);
                    if (!target.equals(pkg.group(1))) {
                        targets.add(target);
                    }
                }
            }
        }
        return new PackageGraph(root, Collections.unmodifiableMap(edges));
    }

    public String root() {
        return root;
    }

    /** Every package with a file, sorted. */
    public Set<String> packages() {
        return edges.keySet();
    }

    /** The packages that name {@code pkg}. */
    public Set<String> namersOf(String pkg) {
        Set<String> namers = new TreeSet<>();
        edges.forEach((from, to) -> {
            if (to.contains(pkg)) {
                namers.add(from);
            }
        });
        return namers;
    }

    /** Pairs of packages that name each other, as {@code "a <-> b"}. */
    public List<String> twoWay() {
        List<String> both = new ArrayList<>();
        edges.forEach((from, targets) -> targets.forEach(to -> {
            if (from.compareTo(to) < 0 && edges.getOrDefault(to, Set.of()).contains(from)) {
                both.add(from + " <-> " + to);
            }
        }));
        return both;
    }

    /** Each group of packages that reach one another through what they name (a cycle, of two or more), sorted. */
    public List<Set<String>> cycles() {
        return new Tarjan().components();
    }

    /** Tarjan's strongly connected components, groups of one dropped. */
    private final class Tarjan {
        private final Map<String, Integer> index = new HashMap<>();
        private final Map<String, Integer> low = new HashMap<>();
        private final Deque<String> stack = new ArrayDeque<>();
        private final Set<String> onStack = new TreeSet<>();
        private final List<Set<String>> found = new ArrayList<>();

        List<Set<String>> components() {
            for (String p : edges.keySet()) {
                if (!index.containsKey(p)) {
                    visit(p);
                }
            }
            return found;
        }

        private void visit(String p) {
            index.put(p, index.size());
            low.put(p, index.get(p));
            stack.push(p);
            onStack.add(p);
            for (String q : edges.getOrDefault(p, Set.of())) {
                if (!index.containsKey(q)) {
                    visit(q);
                    low.put(p, Math.min(low.get(p), low.get(q)));
                } else if (onStack.contains(q)) {
                    low.put(p, Math.min(low.get(p), index.get(q)));
                }
            }
            if (low.get(p).equals(index.get(p))) {
                Set<String> group = new TreeSet<>();
                String q;
                do {
                    q = stack.pop();
                    onStack.remove(q);
                    group.add(q);
                } while (!q.equals(p));
                if (group.size() > 1) {
                    found.add(group);
                }
            }
        }
    }
}
