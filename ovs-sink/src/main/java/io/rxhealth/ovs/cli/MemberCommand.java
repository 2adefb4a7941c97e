package io.rxhealth.ovs.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code drain MEMBER} and {@code enable MEMBER}: operator drain of a member, in every pool it is
 * in. The output names those pools; the daemon refuses a drain that would leave a pool with no
 * member in its table (fail-close) unless {@code --force} is given.
 */
@Command(mixinStandardHelpOptions = true)
final class MemberCommand extends ApiCommand {
    private final boolean drain;

    @Parameters(index = "0", paramLabel = "MEMBER", description = "address:port of a configured member.")
    String member;

    @Option(names = "--force", description = "drain: drain even the last member in a pool's table (its traffic is"
            + " then dropped: fail-close).")
    boolean force;

    MemberCommand(PrintWriter out, PrintWriter err, boolean drain) {
        super(out, err);
        this.drain = drain;
    }

    @Override
    String output(ApiClient client) throws ApiClient.ApiException, InterruptedException {
        if (force && !drain) {
            throw new ApiClient.ApiException("enable: --force is an option of drain only");
        }
        String body = client.postMember(drain ? "/drain" : "/enable", member, force);
        boolean changed = client.field(body, "changed").asBoolean();
        List<String> pools = names(client.field(body, "pools"));
        List<String> closed = names(client.field(body, "failClose"));
        StringBuilder line = new StringBuilder(member).append(": ").append(drain ? "drained" : "enabled")
                .append(changed ? "" : " (already)");
        if (!pools.isEmpty()) {
            line.append(" in pool").append(pools.size() == 1 ? " " : "s ").append(String.join(", ", pools));
        }
        if (changed && !closed.isEmpty()) {
            line.append("; FAIL-CLOSE: pool").append(closed.size() == 1 ? " " : "s ")
                    .append(String.join(", ", closed)).append(closed.size() == 1 ? " has" : " have")
                    .append(" no member in the table, traffic is dropped");
        }
        return line.append('\n').toString();
    }

    private static List<String> names(JsonNode array) {
        List<String> names = new ArrayList<>();
        array.forEach(n -> names.add(n.asText()));
        return names;
    }
}
