package io.rxhealth.ovs.cli;

import java.io.PrintWriter;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code trace IN_PORT FLOW}: ofproto/trace of a packet through the pipeline, run by the daemon. */
@Command(name = "trace", mixinStandardHelpOptions = true,
        description = "Trace a packet through the pipeline (ovs-appctl ofproto/trace), through the daemon.")
final class TraceCommand extends ApiCommand {

    @Parameters(index = "0", paramLabel = "IN_PORT", description = "OpenFlow port the packet enters by.")
    String inPort;

    @Parameters(index = "1", arity = "0..1", paramLabel = "FLOW",
            description = "Flow fields, e.g. tcp,dl_dst=02:42:c0:a8:05:14,nw_src=192.168.5.13,nw_dst=192.168.5.21,tp_dst=80")
    String flow = "";

    TraceCommand(PrintWriter out, PrintWriter err) {
        super(out, err);
    }

    @Override
    String output(ApiClient client) throws ApiClient.ApiException, InterruptedException {
        return client.get("/trace?in_port=" + URLEncoder.encode(inPort, StandardCharsets.UTF_8)
                + "&flow=" + URLEncoder.encode(flow, StandardCharsets.UTF_8));
    }
}
