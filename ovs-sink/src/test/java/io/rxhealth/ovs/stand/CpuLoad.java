package io.rxhealth.ovs.stand;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Real CPU load in the stand's backends: one busy loop per backend namespace at nice 19, so that
 * HAProxy, the LB daemon, the agents and the apps still get the CPU when they ask for it while the
 * host's busy share, which every agent reads from {@code /proc/stat}, stays near 100%. Bounded twice:
 * each loop ends by itself after {@code cap} (should the test JVM die), and {@link #close} ends it by
 * its PID ({@code ip netns exec} and {@code nice} exec it, so the PID is the loop's own).
 */
final class CpuLoad implements AutoCloseable {
    private static final String LOOP = "import time\nend = time.monotonic() + %d\nwhile time.monotonic() < end:\n    pass\n";

    private final List<Process> loops;

    private CpuLoad(List<Process> loops) {
        this.loops = loops;
    }

    static CpuLoad start(Stand stand, List<String> backends, Duration cap) throws Exception {
        List<Process> loops = new ArrayList<>();
        try {
            for (String backend : backends) {
                loops.add(stand.start(backend, "nice", "-n", "19", "python3", "-c", String.format(LOOP, cap.toSeconds())));
            }
        } catch (Exception | Error e) {
            new CpuLoad(loops).close();
            throw e;
        }
        return new CpuLoad(loops);
    }

    /** Ends every loop by its PID (SIGTERM, then SIGKILL after 5 s) and waits until each is gone. */
    @Override
    public void close() throws Exception {
        for (Process loop : loops) {
            loop.destroy();
        }
        for (Process loop : loops) {
            if (!loop.waitFor(5, TimeUnit.SECONDS)) {
                loop.destroyForcibly();
                loop.waitFor(5, TimeUnit.SECONDS);
            }
            assertThat(loop.isAlive()).as("busy loop %d still running", loop.pid()).isFalse();
        }
    }
}
