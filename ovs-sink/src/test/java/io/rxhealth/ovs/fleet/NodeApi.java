package io.rxhealth.ovs.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rxhealth.ovs.LbNode;
import io.rxhealth.ovs.LbNodeMain;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

/** A running daemon's HTTP API and command line, as an operator reaches them. */
final class NodeApi {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private NodeApi() {
    }

    static URI uri(LbNode node, String path) {
        return URI.create("http://127.0.0.1:" + node.apiAddress().getPort() + path);
    }

    static String text(LbNode node, String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(uri(node, path)).build(), HttpResponse.BodyHandlers.ofString()).body();
    }

    static JsonNode json(LbNode node, String path) throws IOException, InterruptedException {
        return new ObjectMapper().readTree(text(node, path));
    }

    static HttpResponse<String> post(LbNode node, String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(uri(node, path)).POST(HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** {@code rx-health-lbd ARGS --api} the node's API; its output, after checking it exited 0. */
    static String cli(LbNode node, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> command = new ArrayList<>(List.of(args));
        command.addAll(List.of("--api", "127.0.0.1:" + node.apiAddress().getPort()));
        int exit = LbNodeMain.commandLine(new PrintWriter(out, true), new PrintWriter(err, true))
                .execute(command.toArray(String[]::new));
        assertThat(exit).as("%s: %s", command, err).isZero();
        return out.toString();
    }
}
