package io.rxhealth.checks.http;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.rxhealth.weighting.Ticker;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpTimeoutException;

/**
 * Reads the first {@code limit} bytes of a response body as UTF-8 text and no more, so that a
 * health endpoint answering with a huge body costs bounded memory and time; stops at the
 * probe's deadline, so that a body trickling in byte by byte cannot hold the probe either.
 */
final class BoundedBody {
    private static final int CHUNK = 8 * 1024;

    /** The text kept and whether the body ended within the limit (only then may the connection be reused). */
    record Read(String text, boolean complete) {
    }

    private BoundedBody() {
    }

    /**
     * Reads {@code in} until it ends, {@code limit} bytes are kept, or {@code ticker} passes
     * {@code deadlineNanos} (then {@link HttpTimeoutException}). Does not close {@code in}.
     */
    static Read read(InputStream in, int limit, Ticker ticker, long deadlineNanos) throws IOException {
        if (limit < 0) {
            throw new IllegalArgumentException("limit: " + limit + " (expected: >= 0)");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] chunk = new byte[Math.min(CHUNK, Math.max(1, limit))];
        while (bytes.size() < limit) {
            if (ticker.nanos() - deadlineNanos >= 0) {
                throw new HttpTimeoutException("body not read by the deadline");
            }
            int n = in.read(chunk, 0, Math.min(chunk.length, limit - bytes.size()));
            if (n < 0) {
                return new Read(bytes.toString(UTF_8), true);
            }
            bytes.write(chunk, 0, n);
        }
        return new Read(bytes.toString(UTF_8), false);
    }
}
