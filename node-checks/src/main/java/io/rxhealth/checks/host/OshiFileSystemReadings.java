package io.rxhealth.checks.host;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Objects;
import oshi.software.os.FileSystem;
import oshi.software.os.OSFileStore;

/**
 * Space and inodes of the file system holding one path, from OSHI's file stores (statvfs on
 * Linux). The store is found by the longest mount-point prefix of the path's real location, kept,
 * and refreshed with {@link OSFileStore#updateAttributes()} on every read: OSHI copies statvfs
 * values into the store when it is built and never re-reads them on its own.
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
        // updateAttributes() statvfs-es only this store's mount; re-listing every mount each run
        // would also touch unrelated ones (a hung NFS mount would stall this check). A kept store
        // is dropped when the path moved to another device (a file system mounted over it later)
        // or the store is gone (unmounted): then the mounts are listed again.
        if (store == null || !sameDevice(device, store) || !store.updateAttributes()) {
            store = find(real, device);
        }
        return new Usage(store.getMount(), store.getTotalSpace(), store.getFreeSpace(),
                store.getUsableSpace(), store.getTotalInodes(), store.getFreeInodes());
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
