package io.rxhealth.agent.state;

import io.rxhealth.weighting.Markers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The operator's marker files in the state dir: {@code touch drain} or {@code touch maint} sets
 * one, removing the file lifts it; the file's text (first 200 bytes, first line) is the reason.
 */
public final class MarkerFiles {
    public static final String DRAIN = "drain";
    public static final String MAINT = "maint";
    private static final int MAX_REASON_BYTES = 200;

    private final Path dir;

    public MarkerFiles(Path dir) {
        this.dir = dir;
    }

    public Markers read() {
        Optional<String> drain = reason(DRAIN);
        Optional<String> maint = reason(MAINT);
        return new Markers(drain.isPresent(), drain.orElse(""), maint.isPresent(), maint.orElse(""));
    }

    /** Sets ({@code on}) or lifts a marker, writing its reason atomically. */
    public void set(String marker, boolean on, String reason) throws IOException {
        Path file = dir.resolve(marker);
        if (on) {
            AtomicFiles.write(file, (reason == null ? "" : reason.strip() + "\n").getBytes(StandardCharsets.UTF_8));
        } else {
            Files.deleteIfExists(file);
        }
    }

    private Optional<String> reason(String marker) {
        Path file = dir.resolve(marker);
        byte[] bytes;
        try (var in = Files.newInputStream(file)) {
            bytes = in.readNBytes(MAX_REASON_BYTES);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            // Present but unreadable (a directory, no permission): the operator meant it; honour it.
            return Optional.of("unreadable marker file: " + e.getMessage());
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        int nl = text.indexOf('\n');
        return Optional.of((nl < 0 ? text : text.substring(0, nl)).strip());
    }
}
