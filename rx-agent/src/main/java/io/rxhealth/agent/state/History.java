package io.rxhealth.agent.state;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A bounded ring of verdict transitions (time, from, to, reasons), kept in {@code history.json}
 * in the state dir so it survives restarts. Thread-safe.
 */
public final class History {
    private static final Logger log = LoggerFactory.getLogger(History.class);
    public static final String NAME = "history.json";

    /** One change of the served verdict. */
    public record Transition(Instant at, String from, String to, List<String> reasons) {
    }

    private final Path file;
    private final JSON json;
    private final int capacity;
    private final Deque<Transition> ring = new ArrayDeque<>();
    private volatile String writeError;

    public History(Path dir, JSON json, int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("history capacity: " + capacity + " (expected: >= 1)");
        }
        this.file = dir.resolve(NAME);
        this.json = json;
        this.capacity = capacity;
        for (Transition t : read(file, json)) {
            push(t);
        }
    }

    public synchronized void add(Transition t) {
        push(t);
        try {
            AtomicFiles.write(file, json.asBytes(new ArrayList<>(ring)));
            if (writeError != null) {
                log.info("{} written again", file);
                writeError = null;
            }
        } catch (IOException e) {
            // Logged when the reason changes, not on every transition while the disk stays full.
            String reason = "cannot write " + file + ": " + e;
            if (!reason.equals(writeError)) {
                log.warn("{}; 9505 keeps answering, the history is kept in memory", reason);
            }
            writeError = reason;
        }
    }

    /** Why the last write failed, or null when it succeeded. */
    public String writeError() {
        return writeError;
    }

    /** Oldest first. */
    public synchronized List<Transition> list() {
        return List.copyOf(ring);
    }

    /** Reads a history file without keeping it open, for the CLI. */
    public static List<Transition> read(Path file, JSON json) {
        try {
            return json.listOfFrom(Transition.class, Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException | RuntimeException e) {
            log.warn("ignoring unreadable history file {}: {}", file, e.getMessage());
            return List.of();
        }
    }

    private void push(Transition t) {
        ring.addLast(t);
        while (ring.size() > capacity) {
            ring.removeFirst();
        }
    }
}
