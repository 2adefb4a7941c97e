package io.rxhealth.ovs.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rxhealth.ovs.api.NodeOperations;
import io.rxhealth.ovs.pool.PoolReport;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Random query strings on {@code POST /drain} and {@code POST /enable}, seeded and bounded, sent as
 * raw request lines: every answer is 200, 400 or 404; an error is one line of JSON that names the
 * parameter or the query part it refuses; only configured members reach the node.
 */
class ApiQueryFuzzIT {
    private static final long SEED = 0xa91_f022L;
    private static final int REQUESTS = 600;
    private static final Set<String> MEMBERS = Set.of("10.20.0.2:8080", "[fd00::2]:8080");
    private static final String[] PIECES = {
        "member=", "member", "=", "&", "&&", "%", "%2", "%3A", "%3a", "%zz", "%00", "%0A", "%0D", "%E2%80%A8", "%FF",
        "%C3%A9", "+", "10.20.0.2", ":8080", "10.20.0.2:8080", "[fd00::2]", "member=10.20.0.2%3A8080", "x", "1",
        "-", ".", "~", "!", "*", "'", "(", ")", ";", ",", "/", "?", "@", "$",
    };

    private final List<String> reached = new ArrayList<>();
    private final NodeOperations node = new NodeOperations() {
        @Override
        public List<PoolReport> report() {
            return List.of();
        }

        @Override
        public boolean hasMember(String key) {
            return MEMBERS.contains(key);
        }

        @Override
        public boolean drain(String key) {
            synchronized (reached) {
                reached.add(key);
            }
            return true;
        }

        @Override
        public boolean enable(String key) {
            return drain(key);
        }

        @Override
        public boolean reapply() {
            return true;
        }

        @Override
        public String scrape() {
            return "";
        }
    };

    @Test
    void everyQueryIsAnsweredWithOneLineAndOnlyConfiguredMembersGetThrough() throws Exception {
        ObjectMapper json = new ObjectMapper();
        Random random = new Random(SEED);
        int refusedByTheServer = 0;
        try (ApiServer server = new ApiServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), node)) {
            server.start();
            for (int n = 0; n < REQUESTS; n++) {
                StringBuilder query = new StringBuilder();
                for (int i = random.nextInt(6); i >= 0; i--) {
                    query.append(PIECES[random.nextInt(PIECES.length)]);
                }
                String path = (random.nextBoolean() ? "/drain" : "/enable") + "?" + query;
                String what = "request #" + n + " (seed " + SEED + ") POST " + path;
                String[] answer = post(server.address().getPort(), path);
                int status = Integer.parseInt(answer[0]);
                assertThat(status).as(what).isIn(200, 400, 404);
                if (answer[1].startsWith("<h1>")) {
                    // The JDK's HTTP server refuses a URI it cannot parse (a bad % escape) before
                    // the API sees it: a 400 with a one-line HTML body, and the node is not asked.
                    assertThat(status).as(what + ": " + answer[1]).isEqualTo(400);
                    assertThat(answer[1]).as(what).doesNotContain("\n", "\r");
                    refusedByTheServer++;
                    continue;
                }
                JsonNode body = json.readTree(answer[1]);
                if (status == 200) {
                    assertThat(MEMBERS).as(what).contains(body.get("member").asText());
                } else {
                    assertThat(answer[1]).as(what).doesNotContain("\n", "\r");
                    assertThat(body.get("error").asText()).as(what).containsAnyOf("member: ", "query: ");
                }
            }
        }
        assertThat(MEMBERS).containsAll(reached);
        assertThat(reached).as("some queries name a member").isNotEmpty();
        assertThat(refusedByTheServer).as("most queries reach the API").isLessThan(REQUESTS / 2);
    }

    /** Status code and body of one raw HTTP/1.1 request with {@code Connection: close}. */
    private static String[] post(int port, String path) throws Exception {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(5_000);
            OutputStream out = s.getOutputStream();
            out.write(("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = s.getInputStream();
            String response = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int headersEnd = response.indexOf("\r\n\r\n");
            return new String[] {response.substring(9, 12), response.substring(headersEnd + 4)};
        }
    }
}
