package io.rxhealth.ovs.health;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;

/** CPU time of one named thread and of the whole process, for the load harnesses' reports. */
final class HarnessCpu {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private HarnessCpu() {
    }

    /** The id of the live thread called {@code name}. */
    static long threadId(String name) {
        for (ThreadInfo info : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
            if (info != null && info.getThreadName().equals(name)) {
                return info.getThreadId();
            }
        }
        throw new IllegalStateException("thread " + name + " not found");
    }

    /** CPU nanoseconds the thread has used. */
    static long thread(long id) {
        return THREADS.getThreadCpuTime(id);
    }

    /** CPU nanoseconds the whole process has used. */
    static long process() {
        return ProcessHandle.current().info().totalCpuDuration().orElseThrow().toNanos();
    }
}
