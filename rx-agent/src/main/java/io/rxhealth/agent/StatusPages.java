package io.rxhealth.agent;

import com.fasterxml.jackson.jr.ob.JSON;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Supplier;

/**
 * What the status server answers: a function of the request's method and target and of the
 * pages last rendered, apart from the sockets, so that every answer is pinned by a table
 * ({@code StatusPagesTest}). The JSON and the Prometheus text are rendered by {@link #refresh()},
 * which the agent calls after every check cycle on its loop thread: the server answers on the
 * event loop that also answers 9505, and there it only copies bytes. Thread-safe.
 */
final class StatusPages {
    static final String JSON_TYPE = "application/json";
    static final String TEXT_TYPE = "text/plain";
    static final String PROMETHEUS_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    /** One answer; the body goes out as UTF-8. */
    record Answer(int status, String contentType, String body) {
    }

    private static final Answer NOT_STARTED =
            new Answer(503, JSON_TYPE, "{\"error\":\"first check cycle not finished\"}\n");
    private static final Answer NOT_FOUND = new Answer(404, TEXT_TYPE, "not found: try /status or /metrics\n");
    private static final Answer NOT_ALLOWED = new Answer(405, TEXT_TYPE, "method not allowed: use GET\n");

    /** The two pages as last rendered; {@code status} is NOT_STARTED before the first cycle. */
    private record Rendered(Answer status, Answer metrics) {
    }

    private final Supplier<AgentStatus> status;
    private final Supplier<String> metrics;
    private final JSON json;
    private volatile Rendered rendered;

    /** Renders both pages once, from what the suppliers give now. */
    StatusPages(Supplier<AgentStatus> status, Supplier<String> metrics, JSON json) {
        this.status = status;
        this.metrics = metrics;
        this.json = json;
        refresh();
    }

    /** Renders both pages again from the latest snapshot and metric values. */
    void refresh() {
        rendered = new Rendered(renderStatus(), new Answer(200, PROMETHEUS_TYPE, metrics.get()));
    }

    /** The answer to a well-formed request; {@code target} is the request line's, query included. */
    Answer answer(String method, String target) {
        if (!"GET".equals(method) && !"HEAD".equals(method)) {
            return NOT_ALLOWED;
        }
        Rendered pages = rendered;
        switch (path(target)) {
            case "/status":
                return pages.status();
            case "/metrics":
                return pages.metrics();
            default:
                return NOT_FOUND;
        }
    }

    /** The answer to a request the codec could not decode, from the reason it gave. */
    static Answer refusal(Throwable cause) {
        if (cause instanceof TooLongHttpLineException) {
            return new Answer(414, TEXT_TYPE, "request line too long (expected: at most "
                    + StatusServer.MAX_REQUEST_LINE_BYTES + " bytes)\n");
        }
        if (cause instanceof TooLongHttpHeaderException) {
            return new Answer(431, TEXT_TYPE, "request headers too large (expected: at most "
                    + StatusServer.MAX_HEADER_BYTES + " bytes)\n");
        }
        if (cause instanceof TooLongFrameException) {
            return tooLarge();
        }
        return new Answer(400, TEXT_TYPE, "bad request (expected: GET /status or /metrics over HTTP/1.x)\n");
    }

    /** The answer to a request whose body is over the limit (GET and HEAD take none). */
    static Answer tooLarge() {
        return new Answer(413, TEXT_TYPE, "request body too large (expected: at most "
                + StatusServer.MAX_BODY_BYTES + " bytes)\n");
    }

    private Answer renderStatus() {
        AgentStatus s = status.get();
        if (s == null) {
            return NOT_STARTED;
        }
        try {
            return new Answer(200, JSON_TYPE, json.asString(s) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("status: " + e.getMessage(), e);
        }
    }

    /**
     * The target without its query. Not percent-decoded: the two paths served have nothing to
     * decode, and a malformed escape must not turn a 404 into an error.
     */
    private static String path(String target) {
        int end = target.length();
        int query = target.indexOf('?');
        if (query >= 0) {
            end = query;
        }
        int fragment = target.indexOf('#');
        if (fragment >= 0 && fragment < end) {
            end = fragment;
        }
        return target.substring(0, end);
    }
}
