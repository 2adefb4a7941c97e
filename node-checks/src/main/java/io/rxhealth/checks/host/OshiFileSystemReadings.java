package io.rxhealth.checks.host;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Objects;
import com.sun.jna.Native;
import com.sun.jna.platform.linux.LibC;
import oshi.software.os.FileSystem;
import oshi.software.os.OSFileStore;

/**
 * Space and inodes of the file system holding one path. OSHI's file stores find the mount: the
 * longest mount-point prefix of the path's real location, kept while the path stays on that
 * device. Every read then asks statvfs(3) for that one mount through JNA, the call OSHI makes
 * itself: OSHI's own refresh, {@link OSFileStore#updateAttributes()}, lists every mount again and
 * runs {@code lsblk} for their labels, a process spawned on every check run.
 */
final class OshiFileSystemReadings implements FileSystemReadings {
    private final FileSystem fileSystem;
    private final Path path;
    private OSFileStore store;

    OshiFileSystemReadings(FileSystem fileSystem, Path path) {
        this.fileSystem = requireNonNull(fileSystem, "fileSystem");
        this.path = requireNonNull(path, "path");
    }

    @Override
    public synchronized Usage read() throws IOException {
        Path real;
        try {
            real = path.toRealPath();
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(path + " (expected: an existing path to check the file system of)");
        }
        Object device = Files.getAttribute(real, "unix:dev");
        // Only this store's mount is statvfs-ed; re-listing every mount each run would also touch
        // unrelated ones (a hung NFS mount would stall this check). A kept store is dropped when
        // the path moved to another device (a file system mounted over it later, or the one it
        // was on unmounted): then the mounts are listed again.
        if (store == null || !sameDevice(device, store)) {
            store = find(real, device);
        }
        return statvfs(store.getMount());
    }

    private static Usage statvfs(String mount) throws IOException {
        LibC.Statvfs counts = new LibC.Statvfs();
        if (LibC.INSTANCE.statvfs(mount, counts) != 0) {
            int errno = Native.getLastError();
            throw new IOException("statvfs(" + mount + ") failed with errno " + errno
                    + " (expected: a mounted file system the agent may read)");
        }
        long unit = counts.f_frsize.longValue();
        return new Usage(mount, counts.f_blocks.longValue() * unit, counts.f_bfree.longValue() * unit,
                counts.f_bavail.longValue() * unit, counts.f_files.longValue(), counts.f_ffree.longValue());
    }

    private OSFileStore find(Path real, Object device) throws IOException {
        // Network file systems included: a data directory on NFS is a legitimate path to check.
        OSFileStore found = MountPoints
                .longestPrefix(real, fileSystem.getFileStores(false), OSFileStore::getMount)
                .orElseThrow(() -> new IOException(path + ": no file system listed by OSHI holds " + real
                        + " (expected: a path on a mounted, non-pseudo file system)"));
        // OSHI leaves out pseudo file systems (proc, sysfs, overlay, ...) and mounts under /run,
        // /sys, /proc, /dev and */shm; for a path on one of those the longest listed prefix is a
        // parent mount (often /) on another device, which would report the wrong file system.
        // A btrfs subvolume not mounted on its own has a device of its own as well: configure
        // its mount point instead.
        if (!sameDevice(device, found)) {
            throw new IOException(path + ": " + real + " is on a file system OSHI does not list"
                    + " (nearest listed mount " + found.getMount()
                    + " is another device; expected: a path on a non-pseudo file system)");
        }
        return found;
    }

    private static boolean sameDevice(Object device, OSFileStore store) throws IOException {
        return Objects.equals(device, Files.getAttribute(Path.of(store.getMount()), "unix:dev"));
    }
}
