package io.rxhealth.checks.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Level;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import oshi.SystemInfo;
import oshi.software.os.FileSystem;
import oshi.software.os.OSFileStore;

/** The OSHI adapters and checks against the real host (Linux). */
@Tag("host")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HostChecksIT {
    private static final Thresholds FRACTIONS = new Thresholds(0.8, 0.9);
    private static final EnumSet<Level> MEASURED = EnumSet.of(Level.OK, Level.WARN, Level.CRIT);

    private final SystemInfo systemInfo = new SystemInfo();
    private final HostChecks checks = new HostChecks(systemInfo);

    @Test
    void everyCheckMeasuresTheHost() throws Exception {
        assertMeasured(checks.cpu(FRACTIONS), "cpu \\d+\\.\\d% busy \\(warn 80%, crit 90%\\)");
        assertMeasured(checks.load(new Thresholds(1.5, 3)), "load \\d+\\.\\d\\d per core \\(warn 1.50, crit 3.00\\)");
        assertMeasured(checks.memory(FRACTIONS), "memory \\d+\\.\\d% used \\(warn 80%, crit 90%\\)");
        assertMeasured(checks.swap(FRACTIONS), "no swap|swap \\d+\\.\\d% used \\(warn 80%, crit 90%\\)");
        assertMeasured(checks.disk(Path.of("/"), FRACTIONS), "disk / \\d+\\.\\d% used \\(warn 80%, crit 90%\\)");
        assertMeasured(checks.inode(Path.of("/"), FRACTIONS), "inode / \\d+\\.\\d% used \\(warn 80%, crit 90%\\)");
    }

    @Test
    void cpuCheckMeasuresAgainOnLaterRuns() throws Exception {
        Check cpu = checks.cpu(FRACTIONS);
        for (int i = 0; i < 3; i++) {
            assertMeasured(cpu, "cpu \\d+\\.\\d% busy .*");
        }
    }

    @Test
    void cpuCountersAdvanceAfterOshiMemoization() throws InterruptedException {
        var cpu = new OshiCpuReadings(systemInfo.getHardware().getProcessor());
        CpuTicks first = cpu.ticks();
        Thread.sleep(HostChecks.CPU_FIRST_WINDOW.toMillis());
        CpuTicks second = cpu.ticks();
        assertTrue(second.advancedSince(first), first + " then " + second);
        assertThat(second.busySince(first)).isBetween(0.0, 1.0);
        assertThat(second.own()).isGreaterThanOrEqualTo(first.own()).isPositive();
    }

    @Test
    void theAgentsOwnCpuTimeIsNotCountedAsTheNodesLoad() throws Exception {
        var cpu = new OshiCpuReadings(systemInfo.getHardware().getProcessor());
        CpuTicks first = cpu.ticks();
        // Burn 600 ms of this thread's CPU time (not wall time: on a loaded host 600 ms of wall
        // time can hold a fifth of that on the CPU): the host counters see it, the own counter too.
        var threads = ManagementFactory.getThreadMXBean();
        long until = threads.getCurrentThreadCpuTime() + 600_000_000L;
        long sink = 0;
        while (threads.getCurrentThreadCpuTime() < until) {
            for (int i = 0; i < 10_000; i++) {
                sink += Long.numberOfTrailingZeros(sink + i);
            }
        }
        CpuTicks second = cpu.ticks();
        assertThat(sink).isNotNegative();
        assertThat(second.own() - first.own()).as("own cpu ms while burning 600 ms").isGreaterThan(300);
        double withOwn = new CpuTicks(second.idle(), second.total()).busySince(new CpuTicks(first.idle(), first.total()));
        assertThat(second.busySince(first)).isLessThan(withOwn);
    }

    @Test
    void loadIsPerLogicalCore() {
        var load = new OshiLoadReadings(systemInfo.getHardware().getProcessor()).read();
        assertThat(load.oneMinute()).isGreaterThanOrEqualTo(0);
        assertThat(load.logicalCores()).isGreaterThanOrEqualTo(1);
    }

    @Test
    void memoryIsMemTotalAndMemAvailable() throws IOException {
        var memory = new OshiMemoryReadings(systemInfo.getHardware().getMemory()).read();
        long total = meminfo("MemTotal:");
        assertEquals(total, memory.totalBytes());
        assertThat(memory.availableBytes()).isPositive().isLessThanOrEqualTo(total);
        // MemAvailable moves between the two reads; MemFree alone would be far lower on a host with cache.
        assertThat((double) Math.abs(memory.availableBytes() - meminfo("MemAvailable:")))
                .isLessThan(0.02 * total);
    }

    @Test
    void swapIsSwapTotalFromMeminfo() throws IOException {
        var swap = new OshiSwapReadings(systemInfo.getHardware().getMemory().getVirtualMemory()).read();
        assertEquals(meminfo("SwapTotal:"), swap.totalBytes());
        assertThat(swap.usedBytes()).isBetween(0L, swap.totalBytes());
    }

    @Test
    void rootFileSystemMatchesTheJdksView() throws IOException {
        var usage = new OshiFileSystemReadings(systemInfo.getOperatingSystem().getFileSystem(), Path.of("/")).read();
        assertEquals("/", usage.mount());
        assertEquals(Files.getFileStore(Path.of("/")).getTotalSpace(), usage.totalBytes());
        assertThat(usage.usableBytes()).isBetween(0L, usage.freeBytes());
        assertThat(usage.freeBytes()).isBetween(0L, usage.totalBytes());
        assertThat(usage.totalInodes()).isPositive();
        assertThat(usage.freeInodes()).isBetween(0L, usage.totalInodes());
    }

    @Test
    void laterReadsStatvfsTheKeptMountWithoutListingMountsAgain() throws IOException {
        // Listing the mounts, and OSHI's own refresh of a store (which lists them all again), make
        // OSHI run lsblk; that must happen once, not on every check run.
        FileSystem real = systemInfo.getOperatingSystem().getFileSystem();
        AtomicInteger listings = new AtomicInteger();
        FileSystem counting = proxy(FileSystem.class, (proxy, method, args) -> {
            if (!method.getName().equals("getFileStores")) {
                return method.invoke(real, args);
            }
            listings.incrementAndGet();
            return ((List<?>) method.invoke(real, args)).stream()
                    .map(store -> proxy(OSFileStore.class, (p, m, a) -> {
                        assertThat(m.getName()).as("OSHI store refresh").isNotEqualTo("updateAttributes");
                        return m.invoke(store, a);
                    }))
                    .toList();
        });
        var readings = new OshiFileSystemReadings(counting, Path.of("/"));
        for (int i = 0; i < 5; i++) {
            var usage = readings.read();
            assertEquals(Files.getFileStore(Path.of("/")).getTotalSpace(), usage.totalBytes());
            assertThat(usage.freeInodes()).isBetween(0L, usage.totalInodes());
        }
        assertEquals(1, listings.get());
    }

    private static <T> T proxy(Class<T> type, InvocationHandler handler) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
    }

    @Test
    void pathBelowAMountReportsThatMount() throws IOException {
        var usage = new OshiFileSystemReadings(systemInfo.getOperatingSystem().getFileSystem(),
                Path.of("/usr/share")).read();
        assertEquals(Files.getFileStore(Path.of("/usr/share")).getTotalSpace(), usage.totalBytes());
        assertThat(Path.of("/usr/share")).startsWith(Path.of(usage.mount()));
    }

    @Test
    void missingPathThrowsNamingIt() {
        var e = assertThrows(NoSuchFileException.class, checks.disk(Path.of("/rxh-missing/data"), FRACTIONS)::run);
        assertEquals("/rxh-missing/data (expected: an existing path to check the file system of)", e.getMessage());
        assertThrows(NoSuchFileException.class, checks.inode(Path.of("/rxh-missing/data"), FRACTIONS)::run);
    }

    @Test
    void pathOnAFileSystemOshiDoesNotListThrows() {
        for (String path : List.of("/proc", "/sys/kernel")) {
            var e = assertThrows(IOException.class, checks.disk(Path.of(path), FRACTIONS)::run, path);
            assertThat(e.getMessage()).startsWith(path + ": ").contains("is on a file system OSHI does not list");
        }
    }

    private static void assertMeasured(Check check, String detailPattern) throws Exception {
        CheckResult result = check.run();
        assertEquals(check.name(), result.check());
        assertThat(MEASURED).contains(result.level());
        assertThat(result.detail()).matches(detailPattern);
    }

    /** A /proc/meminfo line's value in bytes ("MemTotal:  24684092 kB"). */
    private static long meminfo(String key) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
            String[] fields = line.trim().split("\\s+");
            if (fields[0].equals(key)) {
                return Long.parseLong(fields[1]) * 1024;
            }
        }
        throw new IllegalStateException("/proc/meminfo: no " + key);
    }
}
