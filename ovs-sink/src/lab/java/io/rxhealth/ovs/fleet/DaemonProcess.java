package io.rxhealth.ovs.fleet;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One {@code rx-health-lbd run} in a JVM of its own, with the unit's JVM flags, its stderr (the log)
 * in a file the lab reads as it grows. Stopped by its PID.
 */
final class DaemonProcess implements AutoCloseable {
    /** A log line with the time the daemon stamped on it (epoch milliseconds, the host's clock). */
    record Line(long atMillis, String message) {
    }

    private static final Pattern LINE = Pattern.compile("^(\\S+) (\\w+) (\\S+) - (.*)$");

    private final String name;
    private final Process process;
    private final Path log;
    private long offset;

    DaemonProcess(String name, Path jar, Path config, Path log) throws IOException {
        this.name = name;
        this.log = log;
        this.process = new ProcessBuilder("java", "-XX:+UseSerialGC", "-Xmx128m", "-Xss512k", "-jar", jar.toString(), "run",
                "--config", config.toString()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    String name() {
        return name;
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** The log lines written since the last call. */
    List<Line> newLines() throws IOException {
        List<Line> lines = new ArrayList<>();
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
            if (file.length() <= offset) {
                return lines;
            }
            file.seek(offset);
            byte[] bytes = new byte[(int) (file.length() - offset)];
            file.readFully(bytes);
            String text = new String(bytes, StandardCharsets.UTF_8);
            int end = text.lastIndexOf('\n');
            if (end < 0) {
                return lines;
            }
            offset += text.substring(0, end + 1).getBytes(StandardCharsets.UTF_8).length;
            for (String line : text.substring(0, end).split("\n")) {
                Matcher m = LINE.matcher(line);
                if (m.matches()) {
                    try {
                        lines.add(new Line(OffsetDateTime.parse(m.group(1)).toInstant().toEpochMilli(), m.group(4)));
                    } catch (RuntimeException e) {
                        // Not a stamped line (a stack trace's): not one the lab waits for.
                    }
                }
            }
        }
        return lines;
    }

    /** The last lines of the log, for an error message. */
    String tail() throws IOException {
        List<String> all = Files.readAllLines(log);
        return String.join("\n", all.subList(Math.max(0, all.size() - 20), all.size()));
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor();
        }
    }
}
