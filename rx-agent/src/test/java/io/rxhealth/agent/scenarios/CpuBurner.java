package io.rxhealth.agent.scenarios;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real CPU load for the scenarios: a child JVM spinning one thread per core. It runs at nice 19
 * so that the agent under test and the test itself keep their share, and it ends on its own when
 * its stdin closes (the test JVM died) or after {@link #MAX_SECONDS}, so it can never outlive the
 * test. Stopped by its PID in {@link #close()}.
 */
final class CpuBurner implements AutoCloseable {
    static final int MAX_SECONDS = 120;

    private final Process process;

    private CpuBurner(Process process) {
        this.process = process;
    }

    /** Starts {@code threads} busy threads in a child process. */
    static CpuBurner start(int threads) throws IOException, URISyntaxException {
        String java = ProcessHandle.current().info().command()
                .orElseThrow(() -> new IllegalStateException("java: path of the running JVM unknown"));
        String classes = Path.of(CpuBurner.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
        List<String> command = List.of(java, "-Xmx16m", "-XX:+UseSerialGC", "-cp", classes,
                CpuBurner.class.getName(), Integer.toString(threads));
        if (Files.isExecutable(Path.of("/usr/bin/nice"))) {
            // nice execs the JVM: the PID we hold is the burner's own.
            command = Stream.concat(Stream.of("/usr/bin/nice", "-n", "19"),
                    command.stream()).toList();
        }
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(new File("/dev/null"))).start();
        return new CpuBurner(process);
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The child: {@code threads} spinning threads until stdin closes or the time is up. */
    public static void main(String[] args) throws IOException {
        int threads = Integer.parseInt(args[0]);
        for (int i = 0; i < threads; i++) {
            Thread spinner = new Thread(CpuBurner::spin, "rxh-burn-" + i);
            spinner.setDaemon(true);
            spinner.start();
        }
        Thread deadline = new Thread(() -> {
            try {
                Thread.sleep(TimeUnit.SECONDS.toMillis(MAX_SECONDS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            System.exit(2);
        }, "rxh-burn-deadline");
        deadline.setDaemon(true);
        deadline.start();
        // EOF on stdin: the parent is gone.
        while (System.in.read() >= 0) {
            continue;
        }
        System.exit(0);
    }

    @SuppressWarnings("InfiniteLoopStatement")
    private static void spin() {
        long x = 0;
        while (true) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            if (x == 42) {
                // Never true in practice; keeps the loop from being optimised away.
                System.out.print("");
            }
        }
    }
}
