package io.rxhealth.weighting.maglev.bench;

import io.rxhealth.weighting.maglev.Maglev;
import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.SlotDiff;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.function.Supplier;

/**
 * CPU time per call of the {@link MaglevBenchmark} cases, for a shared machine where JMH's wall
 * clock is disturbed by other builds. From the repository root, after test-compile:
 * {@code java -cp weighting/target/test-classes:weighting/target/classes io.rxhealth.weighting.maglev.bench.CpuTime}.
 */
public final class CpuTime {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private CpuTime() {
    }

    public static void main(String[] args) {
        List<Member> small = MaglevBenchmark.membersForProfile(100, false);
        List<Member> smallDegraded = MaglevBenchmark.membersForProfile(100, true);
        List<Member> large = MaglevBenchmark.membersForProfile(1000, false);
        List<Member> largeDegraded = MaglevBenchmark.membersForProfile(1000, true);
        var installed = Maglev.layout("pool-bench", large, 65536);
        var next = Maglev.layout("pool-bench", largeDegraded, 65536);
        report("layout 1024x100 healthy", 2000, () -> Maglev.layout("pool-bench", small, 1024));
        report("layout 1024x100 degraded", 2000, () -> Maglev.layout("pool-bench", smallDegraded, 1024));
        report("layout 65536x1000 healthy", 60, () -> Maglev.layout("pool-bench", large, 65536));
        report("layout 65536x1000 degraded", 60, () -> Maglev.layout("pool-bench", largeDegraded, 65536));
        report("SlotDiff.between 65536", 200, () -> SlotDiff.between(installed, next));
        // The cost of the larger tables, which bounds Maglev.MAX_SLOTS (docs/maglev.md, "Speed").
        for (int slots : new int[] {1 << 18, 1 << 20}) {
            report("layout " + slots + "x1000 degraded", 3, () -> Maglev.layout("pool-bench", largeDegraded, slots));
        }
    }

    private static void report(String name, int calls, Supplier<Object> call) {
        for (int i = 0; i < calls; i++) {
            call.get();
        }
        long start = THREADS.getCurrentThreadCpuTime();
        for (int i = 0; i < calls; i++) {
            call.get();
        }
        double millis = (THREADS.getCurrentThreadCpuTime() - start) / 1e6 / calls;
        System.out.printf("%-28s %8.3f ms CPU per call%n", name, millis);
    }
}
