package io.rxhealth.ovs.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;

/**
 * A client command of the running daemon: asks its HTTP API, prints what {@link #output} makes of
 * the answer, and turns an API failure into one line on stderr: exit {@link LbdCommand#IO} when
 * the API cannot be reached, {@link LbdCommand#REFUSED} when it refused or failed the request.
 */
abstract class ApiCommand implements Callable<Integer> {
    private final PrintWriter out;
    private final PrintWriter err;

    @Mixin
    ApiOption api = new ApiOption();

    ApiCommand(PrintWriter out, PrintWriter err) {
        this.out = out;
        this.err = err;
    }

    /** What to print, newlines included. */
    abstract String output(ApiClient client) throws ApiClient.ApiException, InterruptedException, IOException;

    @Override
    public final Integer call() throws InterruptedException, IOException {
        try {
            out.print(output(api.client()));
            out.flush();
            return 0;
        } catch (ApiClient.ApiException e) {
            err.println("rx-health-lbd: " + e.getMessage());
            return e instanceof ApiClient.Unreachable ? LbdCommand.IO : LbdCommand.REFUSED;
        }
    }
}
