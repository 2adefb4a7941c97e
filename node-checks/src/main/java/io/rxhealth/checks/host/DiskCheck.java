package io.rxhealth.checks.host;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.CheckResult;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Space in use on the file system holding {@code path}, as {@code df} computes Use%:
 * {@code used / (used + available to unprivileged users)}, so blocks reserved for root (5% on
 * ext4 by default) count as neither and the value reaches 100% when ordinary writers are out of
 * space. Thresholds set for the shell agent's {@code df} carry over unchanged.
 */
final class DiskCheck implements Check {
    private final Path path;
    private final FileSystemReadings readings;
    private final Thresholds thresholds;

    DiskCheck(Path path, FileSystemReadings readings, Thresholds thresholds) {
        this.path = requireNonNull(path, "path");
        this.readings = requireNonNull(readings, "readings");
        this.thresholds = requireNonNull(thresholds, "thresholds");
    }

    @Override
    public String name() {
        return "disk:" + path;
    }

    @Override
    public CheckResult run() throws IOException {
        FileSystemReadings.Usage usage = readings.read();
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
