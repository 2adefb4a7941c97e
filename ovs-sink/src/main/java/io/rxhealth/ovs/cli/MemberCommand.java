package io.rxhealth.ovs.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code drain MEMBER} and {@code enable MEMBER}: operator drain of a member, in every pool it is in. */
@Command(mixinStandardHelpOptions = true)
final class MemberCommand extends ApiCommand {
    private final boolean drain;

    @Parameters(index = "0", paramLabel = "MEMBER", description = "address:port of a configured member.")
    String member;

    MemberCommand(PrintWriter out, PrintWriter err, boolean drain) {
        super(out, err);
        this.drain = drain;
    }

    @Override
    String output(ApiClient client) throws ApiClient.ApiException, InterruptedException {
        String body = client.postMember(drain ? "/drain" : "/enable", member);
        boolean changed = client.field(body, "changed").asBoolean();
        return member + ": " + (drain ? "drained" : "enabled") + (changed ? "" : " (already)") + "\n";
    }
}
