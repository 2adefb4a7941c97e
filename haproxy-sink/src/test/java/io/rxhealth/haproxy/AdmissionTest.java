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

        assertThat(List.of(enter(admission, A), enter(admission, A2), enter(admission, A), enter(admission, B)))
                .containsExactly(ADMITTED, ADMITTED, OVER_SOURCE_LIMIT, ADMITTED);
        admission.release(A);
        assertThat(enter(admission, A)).isEqualTo(ADMITTED);
        assertThat(counters.shed.sum()).isEqualTo(1);
        assertThat(admission.open()).isEqualTo(3);
    }

    @Test
    void deniesSourcesOffTheAllowListBeforeCountingThem() {
        var admission = admission(SinkOptions.defaults()
                .withAllow(SourceAllowList.parse(List.of("10.0.0.1", "10.0.0.0/31"))));

        assertThat(List.of(enter(admission, A), enter(admission, B), enter(admission, C)))
                .containsExactly(ADMITTED, DENIED, DENIED);
        assertThat(counters.denied.sum()).isEqualTo(2);
        assertThat(admission.open()).isEqualTo(1);
    }

    @Test
    void makesRoomByClosingTheOldestAnsweredConnection() {
        var admission = admission(SinkOptions.defaults().withMaxConnections(2));
        var older = new EmbeddedChannel();
        var newer = new EmbeddedChannel();
        enter(admission, A);
        enter(admission, B);
        admission.answered(older);
        admission.answered(newer);

        assertThat(enter(admission, C)).isEqualTo(ADMITTED);

        assertThat(older.isOpen()).isFalse();
        assertThat(newer.isOpen()).isTrue();
        assertThat(counters.evicted.sum()).isEqualTo(1);
    }

    @Test
    void refusesWhenEveryConnectionStillWaitsForItsReply() {
        var admission = admission(SinkOptions.defaults().withMaxConnections(2));
        enter(admission, A);
        enter(admission, B);

        assertThat(enter(admission, C)).isEqualTo(FULL);
        assertThat(counters.rejected.sum()).isEqualTo(1);
        assertThat(admission.open()).isEqualTo(2);
        // The refused connection gave its per-source share back.
        admission.release(A);
        assertThat(enter(admission, C)).isEqualTo(ADMITTED);
    }

    @Test
    void aClosedConnectionIsNotEvicted() {
        var admission = admission(SinkOptions.defaults().withMaxConnections(1));
        var gone = new EmbeddedChannel();
        enter(admission, A);
        admission.answered(gone);
        gone.close();
        admission.closed(gone);

        assertThat(enter(admission, B)).isEqualTo(FULL);
        assertThat(counters.evicted.sum()).isZero();
    }

    @Test
    void aWaitingConnectionCountsAgainstItsSourceButTakesNoSeat() {
        var admission = admission(SinkOptions.defaults().withMaxConnections(1).withMaxPerSource(2));

        assertThat(List.of(admission.admit(A), admission.admit(A2), admission.admit(A)))
                .containsExactly(ADMITTED, ADMITTED, OVER_SOURCE_LIMIT);
        assertThat(admission.load(A.getAddress())).isEqualTo(2);
        assertThat(admission.open()).isZero();

        assertThat(admission.seat(A)).isEqualTo(ADMITTED);
        admission.leave(A2);
        assertThat(admission.load(A.getAddress())).isEqualTo(1);
        assertThat(admission.open()).isEqualTo(1);
        assertThat(counters.accepted.sum()).isEqualTo(1);
    }

    @Test
    void aConnectionTurnedAwayFromTheWaitingRoomGivesItsShareBackAndIsCountedAsShed() {
        var admission = admission(SinkOptions.defaults().withMaxPerSource(1));
        admission.admit(A);

        admission.crowdedOut(A);

        assertThat(admission.load(A.getAddress())).isZero();
        assertThat(counters.shed.sum()).isEqualTo(1);
        assertThat(admission.admit(A2)).isEqualTo(ADMITTED);
    }

    /** Admits and seats at once, as a connection that waits for no one. */
    private static Admission.Outcome enter(Admission admission, InetSocketAddress source) {
        Admission.Outcome outcome = admission.admit(source);
        return outcome == ADMITTED ? admission.seat(source) : outcome;
    }

    private Admission admission(SinkOptions options) {
        return new Admission(options, counters);
    }
}
