package io.rxhealth.checks.host;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.Check;
import java.nio.file.Path;
import java.time.Duration;
import oshi.SystemInfo;
import oshi.hardware.HardwareAbstractionLayer;
import oshi.util.GlobalConfig;

/**
 * Creates the host checks (CPU, load, memory, swap, disk space, inodes) over one shared OSHI
 * {@link SystemInfo}: create that once per process, it costs about 130 ms. Percentage thresholds
 * are fractions 0..1 ({@code 80%} is {@code 0.8}); load thresholds are load per logical core.
 * Checks throw when they cannot measure; the runner reports that as UNKNOWN. Each check may be
 * run from any thread; runs of one check are serialised where it keeps state. Linux only.
 */
public final class HostChecks {
    /**
     * The interval the CPU check measures on its first run, when there is no previous sample;
     * longer than OSHI's 300 ms memoization of the CPU counters, or both reads would be equal.
     */
    public static final Duration CPU_FIRST_WINDOW = Duration.ofMillis(500);

    /** How long OSHI caches hardware counters in a process built with {@link #create()}. */
    static final long SHORT_MEMOIZATION_MILLIS = 100;

    /** The first CPU window of {@link #create()}: above {@link #SHORT_MEMOIZATION_MILLIS}. */
    static final Duration SHORT_CPU_FIRST_WINDOW = Duration.ofMillis(250);

    private final SystemInfo systemInfo;
    private final Duration cpuFirstWindow;

    /** Over a SystemInfo the caller made; the CPU check's first run samples {@link #CPU_FIRST_WINDOW}. */
    public HostChecks(SystemInfo systemInfo) {
        this(systemInfo, CPU_FIRST_WINDOW);
    }

    private HostChecks(SystemInfo systemInfo, Duration cpuFirstWindow) {
        this.systemInfo = requireNonNull(systemInfo, "systemInfo");
        this.cpuFirstWindow = cpuFirstWindow;
    }

    /**
     * The host checks of an agent process: OSHI's counter cache is shortened to
     * {@value #SHORT_MEMOIZATION_MILLIS} ms before the one SystemInfo is made, so the CPU check's
     * first run (which the agent's first reply waits for) measures 250 ms instead of 500 ms; the
     * agent's own CPU time is left out of it, so its start-up does not count as load. OSHI reads
     * that setting process-wide when its objects are built: call this once, before other OSHI use.
     */
    public static HostChecks create() {
        GlobalConfig.set(GlobalConfig.OSHI_UTIL_MEMOIZER_EXPIRATION, SHORT_MEMOIZATION_MILLIS);
        return new HostChecks(new SystemInfo(), SHORT_CPU_FIRST_WINDOW);
    }

    /** {@code cpu}: busy fraction of all CPUs since the previous run (first run: the first window), this process's own CPU time left out. */
    public Check cpu(Thresholds fractions) {
        return new CpuCheck(new OshiCpuReadings(hardware().getProcessor()),
                requireFractions(CpuCheck.NAME, fractions), cpuFirstWindow, Pause.sleeping());
    }

    /** {@code load}: 1-minute load average divided by the number of logical processors. */
    public Check load(Thresholds perCore) {
        return new LoadCheck(new OshiLoadReadings(hardware().getProcessor()), requireNonNull(perCore, "perCore"));
    }

    /** {@code memory}: fraction of physical memory in use, {@code 1 - MemAvailable / MemTotal}. */
    public Check memory(Thresholds fractions) {
        return new MemoryCheck(new OshiMemoryReadings(hardware().getMemory()),
                requireFractions(MemoryCheck.NAME, fractions));
    }

    /** {@code swap}: fraction of swap in use; OK with detail "no swap" when none is configured. */
    public Check swap(Thresholds fractions) {
        return new SwapCheck(new OshiSwapReadings(hardware().getMemory().getVirtualMemory()),
                requireFractions(SwapCheck.NAME, fractions));
    }

    /** {@code disk:<path>}: space in use on the file system holding the absolute {@code path}, as df's Use%. */
    public Check disk(Path path, Thresholds fractions) {
        Path absolute = requireAbsolute("disk", path);
        return new DiskCheck(absolute, fileSystem(absolute), requireFractions("disk:" + absolute, fractions));
    }

    /** {@code inode:<path>}: inodes in use on the file system holding the absolute {@code path}, as df -i. */
    public Check inode(Path path, Thresholds fractions) {
        Path absolute = requireAbsolute("inode", path);
        return new InodeCheck(absolute, fileSystem(absolute), requireFractions("inode:" + absolute, fractions));
    }

    private HardwareAbstractionLayer hardware() {
        return systemInfo.getHardware();
    }

    private FileSystemReadings fileSystem(Path path) {
        return new OshiFileSystemReadings(systemInfo.getOperatingSystem().getFileSystem(), path);
    }

    private static Path requireAbsolute(String check, Path path) {
        requireNonNull(path, "path");
        if (!path.isAbsolute()) {
            throw new IllegalArgumentException(check + " path: " + path + " (expected: an absolute path)");
        }
        return path.normalize();
    }

    private static Thresholds requireFractions(String check, Thresholds thresholds) {
        requireNonNull(thresholds, "thresholds");
        // A limit above 1 can never be reached by a fraction: most likely a percentage (80 for 0.8).
        if (thresholds.crit() > 1) {
            throw new IllegalArgumentException(check + " crit: " + thresholds.crit()
                    + " (expected: a fraction 0..1, e.g. 0.9 for 90%)");
        }
        return thresholds;
    }
}
