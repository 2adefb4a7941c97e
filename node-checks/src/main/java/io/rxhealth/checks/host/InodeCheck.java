package io.rxhealth.checks.host;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.CheckResult;
import java.nio.file.Path;

/**
 * Inodes in use on the file system holding {@code path}, as {@code df -i} computes IUse%. A file
 * system without an inode count (total 0: btrfs, vfat) cannot run out of inodes in this sense;
 * the check throws so that the runner reports UNKNOWN and the configuration can drop it.
 */
final class InodeCheck extends ThresholdCheck<FileSystemReadings.Usage> {
    private final Path path;

    InodeCheck(Path path, FileSystemReadings readings, Thresholds thresholds) {
        super("inode:" + requireNonNull(path, "path"), requireNonNull(readings, "readings")::read, thresholds);
        this.path = path;
    }

    @Override
    CheckResult judge(FileSystemReadings.Usage usage) {
        if (usage.totalInodes() <= 0) {
            throw new IllegalStateException(name() + ": file system at " + usage.mount() + " reports "
                    + usage.totalInodes() + " inodes (expected: > 0; it has no inode limit to check)");
        }
        if (usage.freeInodes() < 0 || usage.freeInodes() > usage.totalInodes()) {
            throw new IllegalStateException(name() + ": file system at " + usage.mount() + " reports "
                    + usage.freeInodes() + " free of " + usage.totalInodes()
                    + " inodes (expected: 0 <= free <= total)");
        }
        double fraction = 1 - (double) usage.freeInodes() / usage.totalInodes();
        return new CheckResult(name(), thresholds.evaluate(fraction), "inode " + DiskCheck.where(path, usage)
                + " " + Format.percent(fraction) + " used " + Format.limits(thresholds));
    }
}
