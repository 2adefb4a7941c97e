package io.rxhealth.haproxy;

import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntSupplier;

/** The server's live counters, shared by all connections; {@link Admission} keeps the open count. */
final class SinkCounters {
    final LongAdder accepted = new LongAdder();
    final LongAdder rejected = new LongAdder();
    final LongAdder replied = new LongAdder();
    final LongAdder timedOut = new LongAdder();
    final LongAdder oversized = new LongAdder();
    final LongAdder errors = new LongAdder();
    final LongAdder denied = new LongAdder();
    final LongAdder shed = new LongAdder();
    final LongAdder evicted = new LongAdder();

    SinkStats snapshot(IntSupplier open) {
        return new SinkStats(accepted.sum(), rejected.sum(), replied.sum(), timedOut.sum(),
                oversized.sum(), errors.sum(), open.getAsInt(), denied.sum(), shed.sum(), evicted.sum());
    }
}
