package io.rxhealth.ovs.cli;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rxhealth.ovs.pool.PoolReport;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/** The operator commands' client of the node's HTTP API. */
final class ApiClient {
    /** A request the API refused or could not serve; the message is one line. */
    static class ApiException extends Exception {
        private static final long serialVersionUID = 1L;

        ApiException(String message) {
            super(message);
        }
    }

    /** The API could not be reached at all (nothing listens, no answer in time). */
    static final class Unreachable extends ApiException {
        private static final long serialVersionUID = 1L;

        Unreachable(String message) {
            super(message);
        }
    }

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final ObjectMapper mapper = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private final URI base;

    ApiClient(String hostPort) {
        this.base = URI.create("http://" + hostPort);
    }

    String get(String path) throws ApiException, InterruptedException {
        return send(HttpRequest.newBuilder(base.resolve(path)).GET());
    }

    String post(String path) throws ApiException, InterruptedException {
        return send(HttpRequest.newBuilder(base.resolve(path)).POST(HttpRequest.BodyPublishers.noBody()));
    }

    String postMember(String path, String member) throws ApiException, InterruptedException {
        return postMember(path, member, false);
    }

    /** As {@link #postMember(String, String)}; {@code force} adds {@code force=true}. */
    String postMember(String path, String member, boolean force) throws ApiException, InterruptedException {
        return post(path + "?member=" + URLEncoder.encode(member, StandardCharsets.UTF_8)
                + (force ? "&force=true" : ""));
    }

    /**
     * The pools of a {@code /status} or {@code /slots} answer ({@code path} names it in errors); the
     * fields {@code /slots} leaves out are empty.
     */
    List<PoolReport> pools(String path, String body) throws ApiException {
        try {
            return Arrays.asList(mapper.treeToValue(mapper.readTree(body).get("pools"), PoolReport[].class));
        } catch (IOException e) {
            throw new ApiException("API " + base + path + ": not a pool report ("
                    + e.getMessage().lines().findFirst().orElse("") + ")");
        }
    }

    /** A field of a JSON body, or a missing node. */
    JsonNode field(String body, String name) throws ApiException {
        try {
            return mapper.readTree(body).path(name);
        } catch (IOException e) {
            throw new ApiException("API answered something that is not JSON: " + body.strip());
        }
    }

    private String send(HttpRequest.Builder request) throws ApiException, InterruptedException {
        HttpRequest r = request.timeout(TIMEOUT).build();
        HttpResponse<String> response;
        try {
            response = http.send(r, HttpResponse.BodyHandlers.ofString());
        } catch (ConnectException e) {
            throw new Unreachable("cannot reach the API at " + base + " (is rx-health-lbd running? see --api)");
        } catch (HttpTimeoutException e) {
            throw new Unreachable("API " + r.uri() + ": no answer within " + TIMEOUT.toSeconds() + " s");
        } catch (IOException e) {
            // In words, not the exception's class name: this line is all the operator sees.
            throw new Unreachable("API " + r.uri() + ": " + (e.getMessage() == null ? "connection failed"
                    : e.getMessage()));
        }
        if (response.statusCode() / 100 != 2) {
            throw new ApiException("API " + r.method() + " " + r.uri().getPath() + ": HTTP " + response.statusCode()
                    + ": " + errorOf(response.body()));
        }
        return response.body();
    }

    private String errorOf(String body) {
        try {
            JsonNode error = mapper.readTree(body).get("error");
            return error == null ? body.strip() : error.asText();
        } catch (IOException e) {
            return body.strip();
        }
    }
}
