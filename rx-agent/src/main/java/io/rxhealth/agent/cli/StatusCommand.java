package io.rxhealth.agent.cli;

import io.rxhealth.agent.json.Json;
import io.rxhealth.agent.status.AgentStatus;
import io.rxhealth.checks.failure.FailureWords;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code status}: the running agent's verdict and checks, read from its {@code /status}. */
@Command(name = "status", description = "Show the running agent's verdict and checks (from its /status).")
final class StatusCommand implements Callable<Integer> {
    @CommandLine.Mixin
    ConfigOption config;

    @Option(names = "--url", description = "status URL (default: from the config, http://127.0.0.1:9506/status)")
    URI url;

    @Option(names = "--json", description = "print the JSON as the agent serves it")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        URI target = url;
        if (target == null) {
            var address = config.load().status().orElseThrow(() ->
                    new IllegalStateException("status is disabled in the config (status.enabled: false)"));
            target = URI.create("http://" + address.getHostString() + ":" + address.getPort() + "/status");
        }
        HttpResponse<String> response;
        try {
            response = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build().send(
                    HttpRequest.newBuilder(target).timeout(Duration.ofSeconds(3)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IOException("cannot reach the agent at " + target + ": " + FailureWords.of(e)
                    + " (is it running?)");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (response.statusCode() != 200) {
            spec.commandLine().getErr().println("rx-health-agent: " + target + " answered "
                    + response.statusCode() + ": " + response.body().strip());
            return 1;
        }
        if (json) {
            out.println(response.body().strip());
            return 0;
        }
        AgentStatus s = Json.json().beanFrom(AgentStatus.class, response.body());
        out.print(StatusTable.render(s));
        out.flush();
        return 0;
    }
}
