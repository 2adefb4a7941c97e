package io.rxhealth.checks.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.Level;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import oshi.SystemInfo;

/**
 * Disk and inode checks through the real OSHI adapter on a small tmpfs (8 MiB, 200 inodes) that
 * the test mounts, fills and unmounts; needs root, as CI has.
 */
@Tag("host")
class TmpfsChecksIT {
    private static final int MIB = 1 << 20;
    private static final Thresholds LIMITS = new Thresholds(0.5, 0.9);

    @Test
    void diskAndInodeChecksFollowATmpfsMountedUnderThePathAsItFills() throws Exception {
        requireRoot();
        Path dir = Files.createTempDirectory("rxh").toRealPath();
        var checks = new HostChecks(new SystemInfo());
        Check disk = checks.disk(dir, LIMITS);
        Check inode = checks.inode(dir, LIMITS);
        // Before the mount the path lies on the file system holding /tmp.
        assertThat(disk.run().detail()).startsWith("disk " + dir + " on /");
        boolean mounted = false;
        try {
            run("mount", "-t", "tmpfs", "-o", "size=8m,nr_inodes=200", "rxh-tmpfs", dir.toString());
            mounted = true;

            // The same check instances: a file system mounted after the first run is picked up.
            assertEquals("disk " + dir + " 0.0% used (warn 50%, crit 90%)", disk.run().detail());
            assertEquals(Level.OK, inode.run().level());

            fill(dir.resolve("fill-1"), 5 * MIB);
            assertEquals("disk " + dir + " 62.5% used (warn 50%, crit 90%)", disk.run().detail());
            assertEquals(Level.WARN, disk.run().level());
            fill(dir.resolve("fill-2"), 5 * MIB / 2);
            assertEquals(Level.CRIT, disk.run().level());

            // The root directory and the two fill files hold 3 of the 200 inodes.
            List<Path> files = touch(dir, 97);
            assertEquals("inode " + dir + " 50.0% used (warn 50%, crit 90%)", inode.run().detail());
            assertEquals(Level.WARN, inode.run().level());
            files.addAll(touch(dir, 80));
            assertEquals(Level.CRIT, inode.run().level());

            Files.delete(dir.resolve("fill-1"));
            Files.delete(dir.resolve("fill-2"));
            for (Path file : files) {
                Files.delete(file);
            }
            assertEquals(Level.OK, disk.run().level());
            assertEquals(Level.OK, inode.run().level());
        } finally {
            if (mounted) {
                run("umount", dir.toString());
            }
            Files.delete(dir);
        }
    }

    private static void requireRoot() throws IOException {
        // /proc/self belongs to the uid of the process looking at it.
        Object uid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        if (!Integer.valueOf(0).equals(uid)) {
            fail("uid " + uid + " (expected: 0; mounting a test tmpfs needs root, run the build as root as CI does)");
        }
    }

    private static void fill(Path file, int bytes) throws IOException {
        byte[] block = new byte[64 * 1024];
        try (OutputStream out = Files.newOutputStream(file)) {
            for (int written = 0; written < bytes; written += block.length) {
                out.write(block, 0, Math.min(block.length, bytes - written));
            }
        }
    }

    private static List<Path> touch(Path dir, int count) throws IOException {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            files.add(Files.createTempFile(dir, "inode", ""));
        }
        return files;
    }

    private static void run(String... command) throws IOException, InterruptedException {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException(command[0] + ": cannot start (" + e.getMessage()
                    + "; expected: apt-get install -y mount)", e);
        }
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException(String.join(" ", command) + ": no exit within 30 s");
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (process.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + ": exit " + process.exitValue() + ": " + output);
        }
    }
}
