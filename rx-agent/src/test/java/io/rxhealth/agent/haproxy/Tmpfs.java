package io.rxhealth.agent.haproxy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;

/**
 * A small tmpfs mounted for one test, so the disk check sees a real file system fill up; the
 * fill file holds real (not sparse) pages. Needs root. {@link #close()} unmounts it.
 */
final class Tmpfs implements AutoCloseable {
    static final int MIB = 1 << 20;
    private static final Duration MOUNT_TIMEOUT = Duration.ofSeconds(30);

    private final Path dir;
    private final Path fill;

    private Tmpfs(Path dir) {
        this.dir = dir;
        this.fill = dir.resolve("fill");
    }

    static Tmpfs mount(Path dir, int sizeMiB) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        try {
            Commands.check(MOUNT_TIMEOUT, List.of("mount", "-t", "tmpfs", "-o", "size=" + sizeMiB + "m",
                    "rxh-tmpfs", dir.toString()));
        } catch (IOException e) {
            throw new IOException("cannot mount a tmpfs at " + dir + " (expected: root and mount(8),"
                    + " apt-get install -y mount): " + e.getMessage(), e);
        }
        return new Tmpfs(dir);
    }

    Path dir() {
        return dir;
    }

    /** Grows (or shrinks) the one fill file to {@code mib} MiB. */
    void fillTo(int mib) throws IOException {
        long size = Files.exists(fill) ? Files.size(fill) : 0;
        long target = (long) mib * MIB;
        if (target < size) {
            Files.delete(fill);
            size = 0;
        }
        byte[] block = new byte[64 * 1024];
        try (OutputStream out = Files.newOutputStream(fill, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
            for (long written = size; written < target; written += block.length) {
                out.write(block, 0, (int) Math.min(block.length, target - written));
            }
        }
    }

    void empty() throws IOException {
        Files.deleteIfExists(fill);
    }

    @Override
    public void close() throws IOException {
        try {
            Commands.check(MOUNT_TIMEOUT, List.of("umount", dir.toString()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("umount " + dir + ": interrupted", e);
        }
    }
}
