package io.rxhealth.checks.host;

import java.io.IOException;

/**
 * Source of space and inode counts of the file system holding one configured path. Throws when
 * the path does not exist or lies on no file system the source can report.
 */
@FunctionalInterface
interface FileSystemReadings {
    Usage read() throws IOException;

    /**
     * Counts as statvfs(3) gives them: {@code freeBytes} includes blocks reserved for root,
     * {@code usableBytes} does not; {@code totalInodes} is 0 where the file system has no fixed
     * inode table (btrfs, vfat, some pseudo file systems).
     */
    record Usage(String mount, long totalBytes, long freeBytes, long usableBytes,
                 long totalInodes, long freeInodes) {
    }
}
