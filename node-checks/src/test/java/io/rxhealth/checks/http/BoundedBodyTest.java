package io.rxhealth.checks.http;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BoundedBodyTest {
    private static final long NO_DEADLINE = Long.MAX_VALUE / 2;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                     | limit | chunks (space-separated) | body       | complete | reads
        whole body under the limit     | 64    | ab cd ef                 | abcdef     | true     | 4
        cut inside a chunk             | 4     | ab cd ef                 | abcd       | false    | 2
        cut exactly at a chunk end     | 4     | ab cd                    | abcd       | false    | 2
        limit zero reads nothing       | 0     | ''                       | ''         | false    | 0
        empty body                     | 8     | ''                       | ''         | true     | 1
        """)
    void keepsTheFirstBytesAndLeavesTheRestUnread(String scenario, int limit, String chunks, String body,
                                                  boolean complete, int reads) throws IOException {
        var in = new ChunkedStream(chunks);

        BoundedBody.Read read = BoundedBody.read(in, limit, new StepTicker(Duration.ofMillis(1)), NO_DEADLINE);

        assertThat(read.text()).as(scenario).isEqualTo(body);
        assertThat(read.complete()).as(scenario + " complete").isEqualTo(complete);
        assertThat(in.reads).as(scenario + " reads").isEqualTo(reads);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                        | deadline (ms of reads) | reads before it stops
        passes before the first read      | 1                      | 0
        passes after two chunks           | 3                      | 2
        """)
    void stopsReadingAtTheDeadline(String scenario, long deadlineMillis, int reads) {
        // Every look at the ticker is 1 ms later: the body trickles in one chunk per millisecond.
        var in = new ChunkedStream("ab cd ef gh");
        var ticker = new StepTicker(Duration.ofMillis(1));

        assertThatThrownBy(() -> BoundedBody.read(in, 64, ticker, Duration.ofMillis(deadlineMillis).toNanos()))
                .as(scenario).isInstanceOf(HttpTimeoutException.class);
        assertThat(in.reads).as(scenario + " reads").isEqualTo(reads);
    }

    /** Hands out one chunk per read, then the end of the stream. */
    private static final class ChunkedStream extends InputStream {
        private final Deque<byte[]> chunks = new ArrayDeque<>();
        int reads;

        ChunkedStream(String chunks) {
            Arrays.stream(chunks.split(" ")).filter(c -> !c.isEmpty()).map(c -> c.getBytes(UTF_8)).forEach(this.chunks::add);
        }

        @Override
        public int read() {
            throw new UnsupportedOperationException("the body is read in chunks");
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
            reads++;
            byte[] chunk = chunks.poll();
            if (chunk == null) {
                return -1;
            }
            int n = Math.min(length, chunk.length);
            System.arraycopy(chunk, 0, buffer, offset, n);
            if (n < chunk.length) {
                chunks.push(Arrays.copyOfRange(chunk, n, chunk.length));
            }
            return n;
        }
    }
}
