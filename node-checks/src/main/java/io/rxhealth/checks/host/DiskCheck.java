package io.rxhealth.checks.host;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.CheckResult;
import java.nio.file.Path;

/**
 * Space in use on the file system holding {@code path}, as {@code df} computes Use%:
 * {@code used / (used + available to unprivileged users)}, so blocks reserved for root (5% on
 * ext4 by default) count as neither and the value reaches 100% when ordinary writers are out of
 * space. Thresholds set for the shell agent's {@code df} carry over unchanged.
 */
final class DiskCheck extends ThresholdCheck<FileSystemReadings.Usage> {
    private final Path path;

    DiskCheck(Path path, FileSystemReadings readings, Thresholds thresholds) {
        super("disk:" + requireNonNull(path, "path"), requireNonNull(readings, "readings")::read, thresholds);
        this.path = path;
    }

    @Override
    CheckResult judge(FileSystemReadings.Usage usage) {
        long used = usage.totalBytes() - usage.freeBytes();
        long usable = usage.usableBytes();
        if (usage.totalBytes() <= 0 || used < 0 || usable < 0 || used + usable <= 0) {
            throw new IllegalStateException(name() + ": file system at " + usage.mount() + " reports total "
                    + usage.totalBytes() + ", free " + usage.freeBytes() + ", usable " + usable
                    + " bytes (expected: 0 <= free <= total, total > 0)");
        }
        double fraction = (double) used / (used + usable);
        return new CheckResult(name(), thresholds.evaluate(fraction), "disk " + where(path, usage)
                + " " + Format.percent(fraction) + " used " + Format.limits(thresholds));
    }

    /** The configured path, and the mount point when the path lies below it. */
    static String where(Path path, FileSystemReadings.Usage usage) {
        return path.toString().equals(usage.mount()) ? path.toString() : path + " on " + usage.mount();
    }
}
