package io.rxhealth.checks.host;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** Finds the mount holding a path among a list of mounts: a pure function over mount-point strings. */
final class MountPoints {
    private MountPoints() {
    }

    /**
     * The entry whose mount point is the longest whole-component prefix of {@code path}
     * ({@code /var} holds {@code /var/log}, not {@code /variable}). Among equal mount points the
     * last wins: in /proc/self/mounts a later mount stacked on the same point hides earlier ones.
     */
    static <T> Optional<T> longestPrefix(Path path, List<T> entries, Function<T, String> mountPoint) {
        T best = null;
        int bestDepth = -1;
        for (T entry : entries) {
            Path mount = Path.of(mountPoint.apply(entry));
            if (mount.isAbsolute() && path.startsWith(mount) && mount.getNameCount() >= bestDepth) {
                best = entry;
                bestDepth = mount.getNameCount();
            }
        }
        return Optional.ofNullable(best);
    }
}
