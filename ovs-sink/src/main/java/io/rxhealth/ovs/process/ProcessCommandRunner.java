package io.rxhealth.ovs.process;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@link CommandRunner} on {@link ProcessBuilder}. Stdin is written and stdout/stderr are read on
 * their own threads: a dump of 65,536 flows is ~13 MB, and a full pipe would stall the child
 * (and with it the timeout) if they were handled one after another.
 */
final class ProcessCommandRunner implements CommandRunner {
    @Override
    public CommandResult run(List<String> command, String stdin, Duration timeout)
            throws IOException, InterruptedException, TimeoutException {
        Process process = new ProcessBuilder(command).start();
        FutureTask<String> stdout = drain(process.getInputStream(), command.get(0) + "-stdout");
        FutureTask<String> stderr = drain(process.getErrorStream(), command.get(0) + "-stderr");
        Thread feeder = start(command.get(0) + "-stdin", () -> feed(process.getOutputStream(), stdin));
        try {
            if (!process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
                process.destroyForcibly();
                process.waitFor();
                throw new TimeoutException(String.join(" ", command) + ": no exit within " + timeout
                        + " (killed)");
            }
            feeder.join();
            return new CommandResult(process.exitValue(), stdout.get(), stderr.get());
        } catch (ExecutionException e) {
            throw new IOException(command.get(0) + ": reading its output failed", e.getCause());
        } finally {
            if (process.isAlive()) {
                process.destroyForcibly();
            }
        }
    }

    private static void feed(OutputStream in, String stdin) {
        try (in) {
            if (stdin != null) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            // The child closed its stdin (it exited early); its exit code and stderr tell why.
        }
    }

    private static FutureTask<String> drain(InputStream stream, String name) {
        FutureTask<String> task = new FutureTask<>(() -> {
            try (stream) {
                return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
            }
        });
        start(name, task);
        return task;
    }

    private static Thread start(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }
}
