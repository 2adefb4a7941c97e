package io.rxhealth.agent.status;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.rxhealth.agent.AgentReplies;
import io.rxhealth.agent.json.Json;
import io.rxhealth.haproxy.AgentCheckServer;
import io.rxhealth.haproxy.Listen;
import io.rxhealth.haproxy.ReplyBoard;
import io.rxhealth.haproxy.SinkOptions;
import io.rxhealth.weighting.Ticker;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The status server on real loopback sockets, on the event loops of a real agent-check server,
 * as the agent runs them.
 */
class StatusServerIT {
    private static final Duration SHORT_DEADLINE = Duration.ofMillis(200);

    private final AtomicReference<AgentStatus> status = new AtomicReference<>(StatusPagesTest.STATUS);
    private final StatusPages pages = new StatusPages(status::get, () -> StatusPagesTest.METRICS, Json.json());
    private final List<Socket> clients = new ArrayList<>();
    private AgentCheckServer agentCheck;
    private StatusServer server;

    @BeforeEach
    void startAgentCheck() {
        agentCheck = AgentCheckServer.start(new Listen.Bind(new InetSocketAddress("127.0.0.1", 0)),
                new ReplyBoard("up 75%\n"), SinkOptions.defaults(), Ticker.system());
    }

    @AfterEach
    void stop() throws IOException {
        for (Socket client : clients) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
        agentCheck.close();
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # method | target   | status | content type                              | body of the GET
            GET      | /status  | 200    | application/json                          | <status>
            HEAD     | /status  | 200    | application/json                          | <status>
            GET      | /metrics | 200    | text/plain; version=0.0.4; charset=utf-8  | <metrics>
            HEAD     | /metrics | 200    | text/plain; version=0.0.4; charset=utf-8  | <metrics>
            GET      | /other   | 404    | text/plain                                | not found: try /status or /metrics
            HEAD     | /other   | 404    | text/plain                                | not found: try /status or /metrics
            POST     | /status  | 405    | text/plain                                | method not allowed: use GET
            """)
    void answersOneRequestThenCloses(String method, String target, int code, String type, String getBody)
            throws IOException {
        start(StatusLimits.DEFAULTS.maxConnections(), StatusLimits.DEFAULTS.connectionTimeout());
        String body = switch (getBody) {
            case "<status>" -> StatusPagesTest.STATUS_JSON;
            case "<metrics>" -> StatusPagesTest.METRICS;
            default -> getBody + "\n";
        };

        Response response = exchange(method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");

        assertThat(response.status()).isEqualTo(code);
        assertThat(response.headers()).containsEntry("content-type", type)
                .containsEntry("content-length", String.valueOf(body.getBytes(UTF_8).length))
                .containsEntry("connection", "close")
                .doesNotContainKey("date");
        assertThat(response.body()).isEqualTo(method.equals("HEAD") ? "" : body);
    }

    @Test
    void answers503UntilTheFirstCycleHasFinished() throws IOException {
        status.set(null);
        pages.refresh();
        start(StatusLimits.DEFAULTS.maxConnections(), StatusLimits.DEFAULTS.connectionTimeout());

        Response response = exchange("GET /status HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");

        assertThat(response.status()).isEqualTo(503);
        assertThat(response.headers()).containsEntry("content-type", "application/json");
        assertThat(response.body()).isEqualTo("{\"error\":\"first check cycle not finished\"}\n");
    }

    static Stream<Arguments> refusedRequests() {
        String get = "GET /status HTTP/1.1\r\nHost: 127.0.0.1\r\n";
        return Stream.of(
                Arguments.of("request line over the limit", "GET /" + "a".repeat(5000) + " HTTP/1.1\r\n\r\n", 414),
                Arguments.of("headers over the limit", get + "X-Filler: " + "a".repeat(9000) + "\r\n\r\n", 431),
                Arguments.of("declared body over the limit", get + "Content-Length: 100000\r\n\r\n", 413),
                Arguments.of("declared body over the limit, 100-continue expected",
                        get + "Content-Length: 100000\r\nExpect: 100-continue\r\n\r\n", 413),
                Arguments.of("not HTTP", "HELLO\r\n\r\n", 400),
                Arguments.of("header without a colon", get + "no colon here\r\n\r\n", 400));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedRequests")
    void refusesOversizedAndMalformedRequestsAndCloses(String scenario, String request, int code)
            throws IOException {
        start(StatusLimits.DEFAULTS.maxConnections(), StatusLimits.DEFAULTS.connectionTimeout());

        Response response = exchange(request);

        assertThat(response.status()).as(scenario).isEqualTo(code);
        // The server is still there for the next client.
        assertThat(exchange("GET /status HTTP/1.1\r\n\r\n").status()).isEqualTo(200);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # scenario            | sent
            sends nothing         | ''
            sends half a request  | GET /sta
            stops in the headers  | GET /status HTTP/1.1\\r\\nHost: 127
            """)
    void closesAConnectionStillOpenAtItsDeadline(String scenario, String sent) throws IOException {
        start(StatusLimits.DEFAULTS.maxConnections(), SHORT_DEADLINE);
        Socket client = connect();
        client.getOutputStream().write(sent.replace("\\r\\n", "\r\n").getBytes(US_ASCII));
        client.setSoTimeout(20);

        await().atMost(Duration.ofSeconds(2)).until(() -> endsWithoutAnswer(client.getInputStream()));
    }

    @Test
    void closesConnectionsBeyondTheCapAndFreesTheSlotOnClose() throws IOException {
        start(2, Duration.ofSeconds(30));
        Socket first = connect();
        connect();

        Socket third = connect();
        third.setSoTimeout(2000);
        assertThat(endsWithoutAnswer(third.getInputStream())).as("third connection closed").isTrue();

        first.close();
        await().atMost(Duration.ofSeconds(2)).untilAsserted(() ->
                assertThat(exchange("GET /status HTTP/1.1\r\n\r\n").status()).isEqualTo(200));
    }

    @Test
    void addsNoThreadOfItsOwn() throws IOException {
        AgentReplies.fetch(agentCheck.localAddress());
        Set<String> before = threadNames();

        start(StatusLimits.DEFAULTS.maxConnections(), StatusLimits.DEFAULTS.connectionTimeout());
        assertThat(exchange("GET /metrics HTTP/1.1\r\n\r\n").status()).isEqualTo(200);

        Set<String> after = threadNames();
        assertThat(after).noneMatch(name -> name.startsWith("HTTP-Dispatcher")
                || name.startsWith("idle-timeout-task") || name.startsWith("rx-status-http"));
        after.removeAll(before);
        assertThat(after).as("threads started with the status server")
                .allMatch(name -> name.startsWith("agent-check"));
    }

    @Test
    void refusesAnAddressInUseNamingIt() throws IOException {
        start(StatusLimits.DEFAULTS.maxConnections(), StatusLimits.DEFAULTS.connectionTimeout());
        InetSocketAddress taken = server.address();

        assertThatThrownBy(() -> new StatusServer(taken, agentCheck.eventLoops(), status::get,
                () -> StatusPagesTest.METRICS, Json.json()))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("status: " + taken + ": ")
                .hasMessageEndingWith("(expected: a free address to bind)");
    }

    private void start(int maxConnections, Duration connectionTimeout) throws IOException {
        server = new StatusServer(new InetSocketAddress("127.0.0.1", 0), agentCheck.eventLoops(), pages,
                StatusLimits.DEFAULTS.withConnections(maxConnections, connectionTimeout));
    }

    private Socket connect() throws IOException {
        Socket client = new Socket();
        clients.add(client);
        client.connect(server.address(), 1000);
        return client;
    }

    /**
     * One request on a new connection; the response as read up to the end of the stream, which
     * the server must end: every response closes its connection.
     */
    private Response exchange(String request) throws IOException {
        try (Socket client = new Socket()) {
            client.connect(server.address(), 1000);
            client.setSoTimeout(2000);
            client.getOutputStream().write(request.getBytes(UTF_8));
            client.getOutputStream().flush();
            byte[] read = readToEnd(client.getInputStream());
            assertThat(read).as("the stream ended after the response").isNotNull();
            return Response.parse(read);
        }
    }

    /**
     * Reads until the server ends the stream. A reset counts as an end too: a server that closes
     * with part of an oversized request unread makes the kernel reset the connection, after the
     * response has arrived. Null if the stream did not end within the socket's timeout.
     */
    private static byte[] readToEnd(InputStream in) throws IOException {
        var out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
            }
        } catch (SocketTimeoutException e) {
            return null;
        } catch (SocketException e) {
            // reset: the end, see above
        }
        return out.toByteArray();
    }

    /** True once the stream has ended with nothing read; false while it is still open. */
    private static boolean endsWithoutAnswer(InputStream in) throws IOException {
        byte[] read = readToEnd(in);
        if (read != null) {
            assertThat(read).as("bytes the server sent").isEmpty();
        }
        return read != null;
    }

    private static Set<String> threadNames() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .collect(Collectors.toCollection(HashSet::new));
    }

    /** A response as a client reads it: status, headers by lower-case name, body. */
    record Response(int status, Map<String, String> headers, String body) {
        static Response parse(byte[] bytes) {
            String text = new String(bytes, UTF_8);
            int end = text.indexOf("\r\n\r\n");
            assertThat(end).as("end of headers in %s", text).isPositive();
            String[] lines = text.substring(0, end).split("\r\n");
            Map<String, String> headers = new LinkedHashMap<>();
            for (int i = 1; i < lines.length; i++) {
                String[] header = lines[i].split(":", 2);
                headers.put(header[0].toLowerCase(Locale.ROOT), header[1].trim());
            }
            return new Response(Integer.parseInt(lines[0].split(" ")[1]), headers, text.substring(end + 4));
        }
    }
}
