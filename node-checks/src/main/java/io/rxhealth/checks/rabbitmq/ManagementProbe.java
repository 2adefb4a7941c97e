package io.rxhealth.checks.rabbitmq;

import io.rxhealth.checks.http.Finding;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Asks the management plugin's health checks of one broker, all at once and each within the
 * spec's timeout (the client's request timeout, and a deadline on the answer as a whole, body
 * included), so that they run beside the AMQP probe and never hold it. Thread-safe.
 */
final class ManagementProbe {
    private final RabbitSpec broker;
    private final ManagementSpec spec;
    private final HttpClient client;

    ManagementProbe(RabbitSpec broker, ManagementSpec spec) {
        this.broker = broker;
        this.spec = spec;
        this.client = HttpClient.newBuilder().connectTimeout(spec.timeout())
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    /** Sends every health check's request; each future ends within the timeout, never exceptionally. */
    List<CompletableFuture<Finding>> start() {
        String auth = "Basic " + Base64.getEncoder().encodeToString((broker.user() + ":" + broker.password().get())
                .getBytes(StandardCharsets.UTF_8));
        List<CompletableFuture<Finding>> answers = new ArrayList<>();
        for (String check : spec.healthChecks()) {
            HttpRequest request = HttpRequest.newBuilder(spec.uri(check)).timeout(spec.timeout())
                    .header("Authorization", auth).header("Accept", "application/json").GET().build();
            answers.add(client.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                    .orTimeout(spec.timeout().toMillis(), TimeUnit.MILLISECONDS)
                    .handle((response, error) -> error == null
                            ? ManagementReplies.answer(check, response.statusCode(), response.body(), broker.user())
                            : ManagementReplies.failure(check, error, spec.target(), spec.timeout())));
        }
        return answers;
    }

    /** The answers, OK ones folded into one line; waits at most the timeout (the futures' own). */
    static List<Finding> collect(List<CompletableFuture<Finding>> answers) {
        List<Finding> out = new ArrayList<>(answers.size());
        for (CompletableFuture<Finding> a : answers) {
            out.add(a.join());
        }
        return ManagementReplies.fold(out);
    }
}
