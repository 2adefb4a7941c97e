package io.rxhealth.ovs.cli;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rxhealth.ovs.neigh.NeighbourReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code neigh}: each member's MAC, the kernel's state of it, where it comes from and what table 21 holds. */
@Command(name = "neigh", mixinStandardHelpOptions = true,
        description = "Show members' MACs: kernel state, origin, and what table 21 holds.")
final class NeighCommand extends ApiCommand {
    private static final ObjectMapper MAPPER = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);


    @Option(names = "--json", description = "Print the API's /neigh JSON.")
    boolean json;

    NeighCommand(PrintWriter out, PrintWriter err) {
        super(out, err);
    }

    @Override
    String output(ApiClient client) throws ApiClient.ApiException, InterruptedException {
        String body = client.get("/neigh");
        return json ? body.strip() + "\n" : render(parse(body));
    }

    static List<NeighbourReport> parse(String body) throws ApiClient.ApiException {
        try {
            JsonNode list = MAPPER.readTree(body).path("neighbours");
            return Arrays.asList(MAPPER.treeToValue(list, NeighbourReport[].class));
        } catch (IOException | IllegalArgumentException e) {
            throw new ApiClient.ApiException("API /neigh: not a neighbour report (" + e.getMessage().lines().findFirst().orElse("") + ")");
        }
    }

    static String render(List<NeighbourReport> neighbours) {
        if (neighbours.isEmpty()) {
            return "no neighbours: the daemon owns table 11 only (no topology configured)\n";
        }
        TextTable t = new TextTable("MEMBER", "INTERFACE", "MAC", "STATE", "FROM", "SINCE", "TABLE 21");
        for (NeighbourReport n : neighbours) {
            t.row(n.member(), n.dev(), n.mac(), n.state(), n.origin().toLowerCase(java.util.Locale.ROOT).replace('_', '-'),
                    n.since(), n.installed() == null ? "none" : n.installed().equals(n.mac()) ? "yes" : n.installed());
        }
        return t.render();
    }
}
