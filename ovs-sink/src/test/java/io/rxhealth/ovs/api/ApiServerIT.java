package io.rxhealth.ovs.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.ovs.api.NodeOperations;
import io.rxhealth.ovs.pool.PoolReport;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The API's routing, methods and errors against a fake node. */
class ApiServerIT {
    private final List<String> calls = new ArrayList<>();
    private final HttpClient http = HttpClient.newHttpClient();
    private ApiServer server;

    private final NodeOperations node = new NodeOperations() {
        @Override
        public List<PoolReport> report() {
            throw new IllegalStateException("report broke");
        }

        @Override
        public boolean hasMember(String key) {
            calls.add("has " + key);
            return key.equals("10.20.0.2:8080");
        }

        @Override
        public boolean drain(String key) {
            calls.add("drain " + key);
            return true;
        }

        @Override
        public boolean enable(String key) {
            calls.add("enable " + key);
            return false;
        }

        @Override
        public boolean reapply() {
            calls.add("reapply");
            return true;
        }

        @Override
        public String scrape() {
            return "# scrape\n";
        }
    };

    @BeforeEach
    void setUp() throws Exception {
        server = new ApiServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), node);
        server.start();
    }

    @AfterEach
    void tearDown() {
        server.close();
    }

    @Test
    void decodesTheMemberAndReportsWhetherAnythingChanged() throws Exception {
        HttpResponse<String> drain = send("POST", "/drain?member=10.20.0.2%3A8080");
        HttpResponse<String> enable = send("POST", "/enable?member=10.20.0.2:8080");

        assertThat(drain.statusCode()).isEqualTo(200);
        assertThat(drain.body()).contains("\"changed\" : true", "\"operatorDrain\" : true");
        assertThat(enable.body()).contains("\"changed\" : false", "\"operatorDrain\" : false");
        assertThat(calls).containsExactly("has 10.20.0.2:8080", "drain 10.20.0.2:8080", "has 10.20.0.2:8080",
                "enable 10.20.0.2:8080");
    }

    @Test
    void unknownMembersGoNowhere() throws Exception {
        HttpResponse<String> r = send("POST", "/drain?member=10.20.0.2:8080%0Aforged");

        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(r.body()).doesNotContain("\n").startsWith("{\"error\":\"member: 10.20.0.2:8080\\nforged");
        assertThat(calls).containsExactly("has 10.20.0.2:8080\nforged");
    }

    @Test
    void answersMethodAndPathErrors() throws Exception {
        assertThat(send("GET", "/reapply").statusCode()).isEqualTo(405);
        assertThat(send("POST", "/status").statusCode()).isEqualTo(405);
        assertThat(send("DELETE", "/metrics").headers().firstValue("Allow")).hasValue("GET");
        assertThat(calls).isEmpty();
        assertThat(send("POST", "/reapply").body()).contains("\"reapplied\" : true");
    }

    @Test
    void turnsAFailingOperationIntoA500WithOneLine() throws Exception {
        HttpResponse<String> r = send("GET", "/status");

        assertThat(r.statusCode()).isEqualTo(500);
        assertThat(r.body()).isEqualTo("{\"error\":\"java.lang.IllegalStateException: report broke\"}");
    }

    @Test
    void dataPlaneViewsAreGetOnlyAndSayWhenTheNodeHasNone() throws Exception {
        assertThat(send("GET", "/neigh").body()).isEqualTo("{\n  \"neighbours\" : [ ]\n}");
        assertThat(send("POST", "/flows").statusCode()).isEqualTo(405);
        HttpResponse<String> r = send("GET", "/conns");
        assertThat(r.statusCode()).isEqualTo(501);
        assertThat(r.body()).isEqualTo("{\"error\":\"conns: not available on this node\"}");
        assertThat(send("GET", "/flows?table=x").statusCode()).as("checked before the node is asked").isEqualTo(400);
    }

    @Test
    void servesMetricsAsPrometheusText() throws Exception {
        HttpResponse<String> r = send("GET", "/metrics");

        assertThat(r.body()).isEqualTo("# scrape\n");
        assertThat(r.headers().firstValue("Content-Type")).hasValue("text/plain; version=0.0.4; charset=utf-8");
    }

    private HttpResponse<String> send(String method, String path) throws Exception {
        URI uri = URI.create("http://127.0.0.1:" + server.address().getPort() + path);
        return http.send(HttpRequest.newBuilder(uri).method(method, HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
