package io.rxhealth.ovs.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code drain MEMBER} and {@code enable MEMBER}: operator drain of a member, in every pool it is in. */
@Command(mixinStandardHelpOptions = true)
final class MemberCommand implements Callable<Integer> {
    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean drain;

    @Mixin
    ApiOption api = new ApiOption();

    @Parameters(index = "0", paramLabel = "MEMBER", description = "address:port of a configured member.")
    String member;

    MemberCommand(PrintWriter out, PrintWriter err, boolean drain) {
        this.out = out;
        this.err = err;
        this.drain = drain;
    }

    @Override
    public Integer call() throws InterruptedException {
        try {
            String body = api.client().postMember(drain ? "/drain" : "/enable", member);
            boolean changed = api.client().field(body, "changed").asBoolean();
            out.println(member + ": " + (drain ? "drained" : "enabled") + (changed ? "" : " (already)"));
            out.flush();
            return 0;
        } catch (ApiClient.ApiException e) {
            err.println("rx-health-lbd: " + e.getMessage());
            return 1;
        }
    }
}
