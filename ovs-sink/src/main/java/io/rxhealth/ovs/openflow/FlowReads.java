package io.rxhealth.ovs.openflow;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * Flow statistics over a connection of their own: one request, the replies until the last one
 * (without {@code OFPMPF_REPLY_MORE}), decoded into {@link FlowEntry}s. The switch builds every
 * reply of a request before it turns to another connection's messages, so what one request asks
 * for is what a write arriving meanwhile may wait for (docs/PERFORMANCE.md).
 */
final class FlowReads implements AutoCloseable {
    private final OfSession session;

    FlowReads(OfSession session) {
        this.session = requireNonNull(session, "session");
    }

    /** Every flow {@code query} selects, from flow statistics. */
    List<FlowEntry> flows(FlowQuery query) throws OpenFlowException {
        List<FlowEntry> flows = new ArrayList<>();
        ask(query, Of14.MULTIPART_FLOW, body -> {
            Of14FlowStats.decode(body, flows);
            return !Of14FlowStats.more(body);
        });
        return flows;
    }

    /**
     * How many flows {@code query} selects, from aggregate statistics: the switch counts them
     * without sending them.
     */
    long flowCount(FlowQuery query) throws OpenFlowException {
        long[] count = new long[1];
        ask(query, Of14.MULTIPART_AGGREGATE, body -> {
            count[0] = Of14FlowStats.aggregateFlowCount(body);
            return true;
        });
        return count[0];
    }

    /** The flow count of {@code table} from table statistics: the switch keeps it, nothing is scanned. */
    long tableFlowCount(int table) throws OpenFlowException {
        if (table < 0 || table > 254) {
            throw new IllegalArgumentException("table: " + table + " (expected: 0..254)");
        }
        long[] count = {-1};
        ask("table statistics", xid -> {
            ByteBuffer request = ByteBuffer.allocate(Of14.HEADER + 8);
            Of14Encoder.tableStatsRequest(request, xid);
            return request.flip();
        }, body -> {
            long found = Of14FlowStats.tableFlowCount(body, table);
            if (found >= 0) {
                count[0] = found;
            }
            return !Of14FlowStats.more(body);
        });
        if (count[0] < 0) {
            throw session.failure("table statistics without table " + table + " (expected: every table's)",
                    OpenFlowException.Failure.REFUSED, null);
        }
        return count[0];
    }

    /** Takes one reply body; true when it was the last. */
    private interface Replies {
        boolean take(ByteBuffer body);
    }

    /** A request of one xid, encoded and flipped. */
    private interface Request {
        ByteBuffer of(int xid);
    }

    private void ask(FlowQuery query, int type, Replies replies) throws OpenFlowException {
        ask(query.text(), xid -> {
            ByteBuffer request = ByteBuffer.allocate(Of14Encoder.flowStatsRequestLength(query));
            Of14Encoder.flowStatsRequest(request, xid, type, query);
            return request.flip();
        }, replies);
    }

    private void ask(String what, Request request, Replies replies) throws OpenFlowException {
        long deadline = session.deadline();
        session.lock();
        try {
            ask(what, request, replies, deadline);
        } finally {
            session.unlock();
        }
    }

    private void ask(String what, Request encoder, Replies replies, long deadline) throws OpenFlowException {
        boolean reused = session.reusable();
        OfConnection c = session.connected(deadline);
        int xid = c.xid();
        ByteBuffer request = encoder.of(xid);
        String[] refused = new String[1];
        boolean[] answered = new boolean[1];
        try {
            c.exchange(OfConnection.Outgoing.of(request), m -> {
                if (m.xid() != xid) {
                    return false;
                }
                answered[0] = true;
                if (m.type() == Of14.ERROR) {
                    refused[0] = m.errorName();
                    return true;
                }
                if (m.type() != Of14.MULTIPART_REPLY) {
                    refused[0] = "message type " + m.type() + " (expected: " + Of14.MULTIPART_REPLY + ", a multipart reply)";
                    return true;
                }
                return replies.take(m.body());
            }, deadline);
        } catch (TimeoutException e) {
            session.drop();
            throw session.failure("no last reply within " + session.timeout() + " for " + what,
                    OpenFlowException.Failure.TIMED_OUT, e);
        } catch (IOException e) {
            session.drop();
            if (reused && !answered[0] && !Thread.currentThread().isInterrupted()) {
                // The switch went away since the last call (a restart): once more on a new connection.
                ask(what, encoder, replies, deadline);
                return;
            }
            throw session.failure("connection lost: " + e.getMessage(), OpenFlowException.Failure.NOT_MADE, e);
        } catch (IllegalArgumentException e) {
            session.drop();
            throw session.failure(e.getMessage(), OpenFlowException.Failure.REFUSED, e);
        }
        if (refused[0] != null) {
            throw session.failure(refused[0] + " for " + what, OpenFlowException.Failure.REFUSED, null);
        }
    }

    @Override
    public void close() {
        session.close();
    }
}
