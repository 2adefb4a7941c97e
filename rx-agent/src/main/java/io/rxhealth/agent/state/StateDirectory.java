package io.rxhealth.agent.state;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the agent keeps its marker files ({@code drain}, {@code maint}), its state file and its
 * history. The default is {@code /var/lib/rx-health-agent}; a user who cannot write there (a
 * non-root run) gets {@code $XDG_STATE_HOME/rx-health-agent} (or {@code $HOME/.local/state/...}),
 * and the log says so.
 */
public final class StateDirectory {
    public static final Path DEFAULT = Path.of("/var/lib/rx-health-agent");
    private static final Logger log = LoggerFactory.getLogger(StateDirectory.class);

    private StateDirectory() {
    }

    /** The configured directory (created if missing), or the default with its fallback. */
    public static Path resolve(Optional<Path> configured) {
        if (configured.isPresent()) {
            Path dir = configured.get();
            if (!usable(dir)) {
                throw new IllegalStateException("state-dir: " + dir + " (expected: a writable directory)");
            }
            return dir;
        }
        return resolveDefault(true);
    }

    /** The default directory or its per-user fallback; {@code create} false only looks. */
    public static Path resolveDefault(boolean create) {
        if (create ? usable(DEFAULT) : Files.isDirectory(DEFAULT) && Files.isWritable(DEFAULT)) {
            return DEFAULT;
        }
        Path fallback = userFallback();
        if (create && !usable(fallback)) {
            throw new IllegalStateException("state-dir: neither " + DEFAULT + " nor " + fallback
                    + " is writable (expected: one writable directory, or set state-dir)");
        }
        if (create) {
            log.info("state dir {} is not writable by this user; using {}", DEFAULT, fallback);
        }
        return fallback;
    }

    static Path userFallback() {
        String xdg = System.getenv("XDG_STATE_HOME");
        // $HOME before user.home: the JDK takes user.home from the password database, which for
        // service accounts is often a directory that does not exist.
        String home = System.getenv("HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg)
                : Path.of(home != null && !home.isBlank() ? home : System.getProperty("user.home"), ".local", "state");
        return base.resolve("rx-health-agent");
    }

    private static boolean usable(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException | SecurityException e) {
            return false;
        }
        return Files.isDirectory(dir) && Files.isWritable(dir);
    }
}
