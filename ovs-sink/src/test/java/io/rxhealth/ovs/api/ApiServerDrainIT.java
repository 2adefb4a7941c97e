package io.rxhealth.ovs.api;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.rxhealth.ovs.openflow.OpenFlowException;
import io.rxhealth.ovs.pool.DrainEffect;
import io.rxhealth.ovs.pool.PoolReport;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A drain that would empty a pool's table is refused unless forced, and names the pools it
 * affects; an Open vSwitch tool's expected failure is one line in the log, not a stack trace.
 */
class ApiServerDrainIT {
    private static final String LAST = "10.20.0.2:8080";
    private static final String ONE_OF_MANY = "10.20.0.3:8080";

    private final List<String> calls = new ArrayList<>();
    private final HttpClient http = HttpClient.newHttpClient();
    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final Logger logger = (Logger) LoggerFactory.getLogger(ApiServer.class);
    private Level level;
    private ApiServer server;

    private final NodeOperations node = new NodeOperations() {
        @Override
        public List<PoolReport> report() {
            return List.of();
        }

        @Override
        public boolean hasMember(String key) {
            return key.equals(LAST) || key.equals(ONE_OF_MANY);
        }

        @Override
        public List<DrainEffect> drainEffects(String key) {
            return key.equals(LAST) ? List.of(new DrainEffect("web", false), new DrainEffect("api", true))
                    : List.of(new DrainEffect("web", false));
        }

        @Override
        public boolean drain(String key) {
            calls.add("drain " + key);
            return true;
        }

        @Override
        public boolean enable(String key) {
            calls.add("enable " + key);
            return true;
        }

        @Override
        public boolean reapply() {
            return true;
        }

        @Override
        public String scrape() {
            return "";
        }

        @Override
        public String flows(OptionalInt table) throws OpenFlowException {
            throw new OpenFlowException("ovs-ofctl dump-flows br-gone: br-gone is not a bridge or a socket",
                    OpenFlowException.Failure.REFUSED, null);
        }

        @Override
        public String trace(String inPort, String flow) throws IOException {
            throw new IOException("ovs-appctl -t /run/ovs.ctl ofproto/trace: exit 2: no such bridge (expected: exit 0)");
        }
    };

    @BeforeEach
    void setUp() throws Exception {
        level = logger.getLevel();
        logger.setLevel(Level.INFO);
        logger.setAdditive(false);
        logged.start();
        logger.addAppender(logged);
        server = new ApiServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), node);
        server.start();
    }

    @AfterEach
    void tearDown() {
        server.close();
        logger.detachAppender(logged);
        logger.setLevel(level);
        logger.setAdditive(true);
    }

    @Test
    void refusesADrainThatWouldEmptyAPoolUnlessForced() throws Exception {
        HttpResponse<String> refused = send("POST", "/drain?member=" + LAST);

        assertThat(refused.statusCode()).isEqualTo(409);
        assertThat(refused.body()).isEqualTo("{\"error\":\"drain of " + LAST + " would leave pool api with no member in"
                + " the table, and its traffic dropped (fail-close); force it with ?force=true"
                + " (rx-health-lbd drain --force)\"}");
        assertThat(calls).isEmpty();

        HttpResponse<String> forced = send("POST", "/drain?member=" + LAST + "&force=true");

        assertThat(forced.statusCode()).isEqualTo(200);
        assertThat(forced.body()).contains("\"pools\" : [ \"web\", \"api\" ]", "\"failClose\" : [ \"api\" ]");
        assertThat(calls).containsExactly("drain " + LAST);
    }

    @Test
    void namesThePoolsOfADrainAndAnEnable() throws Exception {
        assertThat(send("POST", "/drain?member=" + ONE_OF_MANY).body()).contains("\"pools\" : [ \"web\" ]",
                "\"failClose\" : [ ]");
        assertThat(send("POST", "/enable?member=" + LAST).body()).contains("\"pools\" : [ \"web\", \"api\" ]")
                .doesNotContain("failClose");
        assertThat(calls).containsExactly("drain " + ONE_OF_MANY, "enable " + LAST);
    }

    @Test
    void aForceThatIsNeitherTrueNorFalseIsA400() throws Exception {
        HttpResponse<String> r = send("POST", "/drain?member=" + LAST + "&force=yes");

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.body()).isEqualTo("{\"error\":\"query: force='yes' (expected: true or false)\"}");
        assertThat(calls).isEmpty();
    }

    @Test
    void aFailedFlowsOrTraceIsA502AndOneLogLineWithoutAStackTrace() throws Exception {
        HttpResponse<String> flows = send("GET", "/flows");
        HttpResponse<String> trace = send("GET", "/trace?in_port=1&flow=tcp");

        assertThat(flows.statusCode()).isEqualTo(502);
        assertThat(flows.body()).isEqualTo("{\"error\":\"ovs-ofctl dump-flows br-gone: br-gone is not a bridge or a"
                + " socket\"}");
        assertThat(trace.statusCode()).isEqualTo(502);
        assertThat(trace.body()).doesNotContain("java.io.IOException").contains("no such bridge");
        assertThat(logged.list).extracting(ILoggingEvent::getFormattedMessage).containsExactly(
                "API GET /flows: ovs-ofctl dump-flows br-gone: br-gone is not a bridge or a socket",
                "API GET /trace: ovs-appctl -t /run/ovs.ctl ofproto/trace: exit 2: no such bridge (expected: exit 0)");
        assertThat(logged.list).allSatisfy(e -> {
            assertThat(e.getThrowableProxy()).isNull();
            assertThat(e.getLevel()).isEqualTo(Level.WARN);
        });
    }

    private HttpResponse<String> send(String method, String path) throws Exception {
        URI uri = URI.create("http://127.0.0.1:" + server.address().getPort() + path);
        return http.send(HttpRequest.newBuilder(uri).method(method, HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
