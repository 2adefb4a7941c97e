package io.rxhealth.agent.status;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.handler.codec.http.TooLongHttpContentException;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.rxhealth.agent.json.Json;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class StatusPagesTest {
    static final AgentStatus STATUS = new AgentStatus(Instant.parse("2026-11-30T10:00:00Z"), "75%", "UP", 75,
            false, List.of(), "up 75%", "/var/lib/rx-health-agent", List.of(), null);
    static final String STATUS_JSON = "{\"at\":\"2026-11-30T10:00:00Z\",\"verdict\":\"75%\",\"state\":\"UP\","
            + "\"weightPercent\":75,\"ready\":false,\"reasons\":[],\"reply\":\"up 75%\","
            + "\"stateDir\":\"/var/lib/rx-health-agent\",\"checks\":[],\"stateError\":null}\n";
    static final String METRICS = "rxhealth_verdict_weight_percent 75.0\n";

    @ParameterizedTest(name = "{0} {1}, first cycle {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # method | target              | first cycle | status | content type                              | body
            GET      | /status             | done        | 200    | application/json                          | <status>
            HEAD     | /status             | done        | 200    | application/json                          | <status>
            GET      | /status?pretty=true | done        | 200    | application/json                          | <status>
            GET      | /status             | running     | 503    | application/json                          | {"error":"first check cycle not finished"}
            GET      | /metrics            | running     | 200    | text/plain; version=0.0.4; charset=utf-8  | <metrics>
            HEAD     | /metrics?x=1        | done        | 200    | text/plain; version=0.0.4; charset=utf-8  | <metrics>
            GET      | /                   | done        | 404    | text/plain                                | not found: try /status or /metrics
            GET      | /status/            | done        | 404    | text/plain                                | not found: try /status or /metrics
            GET      | /statuses           | done        | 404    | text/plain                                | not found: try /status or /metrics
            GET      | /%zz                | done        | 404    | text/plain                                | not found: try /status or /metrics
            POST     | /status             | done        | 405    | text/plain                                | method not allowed: use GET
            PUT      | /metrics            | done        | 405    | text/plain                                | method not allowed: use GET
            DELETE   | /nowhere            | done        | 405    | text/plain                                | method not allowed: use GET
            """)
    void answersByMethodAndPath(String method, String target, String firstCycle, int status, String type,
                                String body) {
        var pages = new StatusPages(() -> firstCycle.equals("done") ? STATUS : null, () -> METRICS, Json.json());
        String expected = switch (body) {
            case "<status>" -> STATUS_JSON;
            case "<metrics>" -> METRICS;
            default -> body + "\n";
        };
        assertEquals(new StatusPages.Answer(status, type, expected), pages.answer(method, target));
    }

    static Stream<Arguments> refusals() {
        return Stream.of(
                Arguments.of(new TooLongHttpLineException("line"), 414,
                        "request line too long (expected: at most 4096 bytes)\n"),
                Arguments.of(new TooLongHttpHeaderException("headers"), 431,
                        "request headers too large (expected: at most 8192 bytes)\n"),
                Arguments.of(new TooLongHttpContentException("chunk"), 413,
                        "request body too large (expected: at most 8192 bytes)\n"),
                Arguments.of(new IllegalArgumentException("invalid version format: JUNK"), 400,
                        "bad request (expected: GET /status or /metrics over HTTP/1.x)\n"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    void refusesWhatTheCodecCouldNotDecode(Exception cause, int status, String body) {
        assertEquals(new StatusPages.Answer(status, "text/plain", body), new StatusPages(() -> STATUS, () -> METRICS, Json.json()).refusal(cause));
    }
}
