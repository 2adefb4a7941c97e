package io.rxhealth.ovs.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintWriter;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code conns}: the listeners' tracked connections (conntrack zone 1), per member. */
@Command(name = "conns", mixinStandardHelpOptions = true,
        description = "Count the listeners' connections (conntrack zone 1) per member, through the daemon.")
final class ConnsCommand extends ApiCommand {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);


    @Option(names = "--json", description = "Print the summary as JSON: members[member, listener, protocol, connections, states], total, unparsed.")
    boolean json;

    @Option(names = "--raw", description = "Print the conntrack entries as ovs-appctl prints them.")
    boolean raw;

    ConnsCommand(PrintWriter out, PrintWriter err) {
        super(out, err);
    }

    @Override
    String output(ApiClient client) throws ApiClient.ApiException, InterruptedException, JsonProcessingException {
        String dump = client.get("/conns");
        if (raw) {
            return dump;
        }
        return json ? MAPPER.writeValueAsString(Conntrack.summarise(dump)) + "\n" : render(Conntrack.summarise(dump));
    }

    static String render(Conntrack.Summary summary) {
        TextTable t = new TextTable("MEMBER", "LISTENER", "PROTO", "CONNS", "STATES");
        for (Conntrack.MemberConns m : summary.members()) {
            t.row(m.member(), m.listener(), m.protocol(), m.connections(), states(m.states()));
        }
        return t.render() + "total " + summary.total() + (summary.unparsed() > 0 ? ", unparsed lines " + summary.unparsed() : "")
                + "\n";
    }

    private static String states(Map<String, Integer> states) {
        return states.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }
}
