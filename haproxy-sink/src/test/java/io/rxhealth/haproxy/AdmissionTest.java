package io.rxhealth.haproxy;

import static io.rxhealth.haproxy.Admission.Outcome.ADMITTED;
import static io.rxhealth.haproxy.Admission.Outcome.DENIED;
import static io.rxhealth.haproxy.Admission.Outcome.FULL;
import static io.rxhealth.haproxy.Admission.Outcome.OVER_SOURCE_LIMIT;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import java.net.InetSocketAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

class AdmissionTest {
    private static final InetSocketAddress A = new InetSocketAddress("10.0.0.1", 40001);
    private static final InetSocketAddress A2 = new InetSocketAddress("10.0.0.1", 40002);
    private static final InetSocketAddress B = new InetSocketAddress("10.0.0.2", 40001);
    private static final InetSocketAddress C = new InetSocketAddress("10.0.0.3", 40001);

    private final SinkCounters counters = new SinkCounters();

    @Test
    void refusesASourceOverItsShareWithoutTouchingOthers() {
        var admission = admission(SinkOptions.defaults().withMaxPerSource(2));

        assertThat(List.of(admission.admit(A), admission.admit(A2), admission.admit(A), admission.admit(B)))
                .containsExactly(ADMITTED, ADMITTED, OVER_SOURCE_LIMIT, ADMITTED);
        admission.release(A);
        assertThat(admission.admit(A)).isEqualTo(ADMITTED);
        assertThat(counters.shed.sum()).isEqualTo(1);
        assertThat(admission.open()).isEqualTo(3);
    }

    @Test
    void deniesSourcesOffTheAllowListBeforeCountingThem() {
        var admission = admission(SinkOptions.defaults()
                .withAllow(SourceAllowList.parse(List.of("10.0.0.1", "10.0.0.0/31"))));

        assertThat(List.of(admission.admit(A), admission.admit(B), admission.admit(C)))
                .containsExactly(ADMITTED, DENIED, DENIED);
        assertThat(counters.denied.sum()).isEqualTo(2);
        assertThat(admission.open()).isEqualTo(1);
    }

    @Test
    void makesRoomByClosingTheOldestAnsweredConnection() {
        var admission = admission(SinkOptions.defaults().withMaxConnections(2));
        var older = new EmbeddedChannel();
        var newer = new EmbeddedChannel();
        admission.admit(A);
        admission.admit(B);
        admission.answered(older);
        admission.answered(newer);

        assertThat(admission.admit(C)).isEqualTo(ADMITTED);

        assertThat(older.isOpen()).isFalse();
        assertThat(newer.isOpen()).isTrue();
        assertThat(counters.evicted.sum()).isEqualTo(1);
    }

    @Test
    void refusesWhenEveryConnectionStillWaitsForItsReply() {
        var admission = admission(SinkOptions.defaults().withMaxConnections(2));
        admission.admit(A);
        admission.admit(B);

        assertThat(admission.admit(C)).isEqualTo(FULL);
        assertThat(counters.rejected.sum()).isEqualTo(1);
        assertThat(admission.open()).isEqualTo(2);
        // The refused connection gave its per-source share back.
        admission.release(A);
        assertThat(admission.admit(C)).isEqualTo(ADMITTED);
    }

    @Test
    void aClosedConnectionIsNotEvicted() {
        var admission = admission(SinkOptions.defaults().withMaxConnections(1));
        var gone = new EmbeddedChannel();
        admission.admit(A);
        admission.answered(gone);
        gone.close();
        admission.closed(gone);

        assertThat(admission.admit(B)).isEqualTo(FULL);
        assertThat(counters.evicted.sum()).isZero();
    }

    private Admission admission(SinkOptions options) {
        return new Admission(options, counters);
    }
}
