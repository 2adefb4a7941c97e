package io.rxhealth.checks.http;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Flow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BoundedBodyTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                     | limit | chunks (space-separated) | body       | cancelled | requests
        whole body under the limit     | 64    | ab cd ef                 | abcdef     | false     | 4
        cut inside a chunk             | 4     | ab cd ef                 | abcd       | true      | 2
        cut exactly at a chunk end     | 4     | ab cd                    | abcd       | true      | 2
        limit zero reads nothing       | 0     | ''                       | ''         | true      | 0
        empty body                     | 8     | ''                       | ''         | false     | 1
        """)
    void keepsTheFirstBytesAndCancelsTheRest(String scenario, int limit, String chunks, String body,
                                             boolean cancelled, int requests) {
        var subscriber = new BoundedBody(limit);
        var subscription = new RecordingSubscription();
        subscriber.onSubscribe(subscription);
        for (String chunk : chunks.split(" ")) {
            if (subscription.cancelled || chunk.isEmpty()) {
                break;
            }
            subscriber.onNext(List.of(ByteBuffer.wrap(chunk.getBytes(UTF_8))));
        }
        subscriber.onComplete();
        assertThat(subscriber.getBody().toCompletableFuture().join()).as(scenario).isEqualTo(body);
        assertThat(subscription.cancelled).as(scenario + " cancelled").isEqualTo(cancelled);
        assertThat(subscription.requested.size()).as(scenario + " requests").isEqualTo(requests);
    }

    private static final class RecordingSubscription implements Flow.Subscription {
        final List<Long> requested = new ArrayList<>();
        boolean cancelled;

        @Override
        public void request(long n) {
            requested.add(n);
        }

        @Override
        public void cancel() {
            cancelled = true;
        }
    }
}
