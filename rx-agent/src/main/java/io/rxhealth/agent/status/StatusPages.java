package io.rxhealth.agent.status;

import com.fasterxml.jackson.jr.ob.JSON;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
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

    /**
     * One answer. The body is encoded to UTF-8 once, when the answer is made (after a check
     * cycle, or once for the fixed answers), so that answering on the event loop copies bytes
     * and encodes nothing.
     */
    static final class Answer {
        private final int status;
        private final String contentType;
        private final String body;
        private final byte[] bytes;

        Answer(int status, String contentType, String body) {
            this.status = status;
            this.contentType = contentType;
            this.body = body;
            this.bytes = body.getBytes(StandardCharsets.UTF_8);
        }

        int status() {
            return status;
        }

        String contentType() {
            return contentType;
        }

        String body() {
            return body;
        }

        /** The body as UTF-8; shared, never to be written to. */
        byte[] bytes() {
            return bytes;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Answer a && a.status == status && a.contentType.equals(contentType)
                    && a.body.equals(body);
        }

        @Override
        public int hashCode() {
            return Objects.hash(status, contentType, body);
        }

        @Override
        public String toString() {
            return status + " " + contentType + " " + body;
        }
    }

    private static final Answer NOT_STARTED =
            new Answer(503, JSON_TYPE, "{\"error\":\"first check cycle not finished\"}\n");
    private static final Answer NOT_FOUND = new Answer(404, TEXT_TYPE, "not found: try /status or /metrics\n");
    private static final Answer NOT_ALLOWED = new Answer(405, TEXT_TYPE, "method not allowed: use GET\n");
    private static final Answer BAD_REQUEST = new Answer(400, TEXT_TYPE,
            "bad request (expected: GET /status or /metrics over HTTP/1.x)\n");
    /** The two pages as last rendered; {@code status} is NOT_STARTED before the first cycle. */
    private record Rendered(Answer status, Answer metrics) {
    }

    private final Supplier<AgentStatus> status;
    private final Supplier<String> metrics;
    private final JSON json;
    private final Answer lineTooLong;
    private final Answer headersTooLarge;
    private final Answer bodyTooLarge;
    private volatile Rendered rendered;

    /** Pages within the default limits. */
    StatusPages(Supplier<AgentStatus> status, Supplier<String> metrics, JSON json) {
        this(status, metrics, json, StatusLimits.DEFAULTS);
    }

    /** Renders both pages once, from what the suppliers give now; refusals name {@code limits}. */
    StatusPages(Supplier<AgentStatus> status, Supplier<String> metrics, JSON json, StatusLimits limits) {
        this.status = status;
        this.metrics = metrics;
        this.json = json;
        this.lineTooLong = new Answer(414, TEXT_TYPE, "request line too long (expected: at most "
                + limits.maxRequestLineBytes() + " bytes)\n");
        this.headersTooLarge = new Answer(431, TEXT_TYPE, "request headers too large (expected: at most "
                + limits.maxHeaderBytes() + " bytes)\n");
        this.bodyTooLarge = new Answer(413, TEXT_TYPE, "request body too large (expected: at most "
                + limits.maxBodyBytes() + " bytes)\n");
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
    Answer refusal(Throwable cause) {
        if (cause instanceof TooLongHttpLineException) {
            return lineTooLong;
        }
        if (cause instanceof TooLongHttpHeaderException) {
            return headersTooLarge;
        }
        if (cause instanceof TooLongFrameException) {
            return bodyTooLarge;
        }
        return BAD_REQUEST;
    }

    /** The answer to a request whose body is over the limit (GET and HEAD take none). */
    Answer tooLarge() {
        return bodyTooLarge;
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
