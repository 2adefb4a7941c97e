package io.rxhealth.ovs;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.flow.OvsOptions;
import io.rxhealth.ovs.pipeline.PipelineRenderer;
import io.rxhealth.ovs.pipeline.Topology;
import io.rxhealth.ovs.process.CommandResult;
import io.rxhealth.ovs.process.CommandRunner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The two small ovs-ofctl calls of the pipeline keeper: counting the flows that carry the
 * pipeline's cookie ({@code dump-aggregate}, one line whatever the table sizes) and a point update
 * of one table-21 flow ({@code bundle}: strict delete of its match, add).
 */
final class PipelineMarker {
    private static final Pattern FLOW_COUNT = Pattern.compile("flow_count=(\\d+)");

    private final String target;
    private final CommandRunner runner;
    private final OvsOptions options;

    PipelineMarker(String target, CommandRunner runner, OvsOptions options) {
        this.target = requireNonNull(target, "target");
        this.runner = requireNonNull(runner, "runner");
        this.options = requireNonNull(options, "options");
    }

    /**
     * The pipeline's cookie: the upper 16 bits 0, so that it is never a slot flow's cookie (those
     * start with the pool id, 1..65535), the lower 48 bits from the SHA-256 of the rendered
     * pipeline, so that a pipeline of another topology does not count as this one.
     */
    static long cookie(Topology topology) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String flow : PipelineRenderer.render(topology, Map.of())) {
                sha.update(flow.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) '\n');
            }
            byte[] d = sha.digest();
            long value = 0;
            for (int i = 0; i < 6; i++) {
                value = (value << 8) | (d[i] & 0xff);
            }
            return value == 0 ? 1 : value;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is in every JDK", e);
        }
    }

    /** Flows on the switch with exactly {@code cookie}. */
    long count(long cookie) throws Exception {
        String out = ofctl(null, "dump-aggregate", target, "cookie=0x" + Long.toHexString(cookie) + "/-1");
        Matcher m = FLOW_COUNT.matcher(out);
        if (!m.find()) {
            throw new IOException("ovs-ofctl dump-aggregate " + target + ": '" + out.strip() + "' (expected: flow_count=N)");
        }
        return Long.parseLong(m.group(1));
    }

    /** Replaces one flow atomically: {@code flow} is {@code [cookie=C,]table=T,priority=P,MATCH actions=A}. */
    void pointUpdate(String flow) throws Exception {
        ofctl(pointUpdateBundle(flow), "bundle", target, "-");
    }

    /** The bundle of {@link #pointUpdate}: a strict delete of the flow's match and priority, then the add. Pure. */
    static String pointUpdateBundle(String flow) {
        int actions = flow.indexOf(" actions=");
        if (actions < 0) {
            throw new IllegalArgumentException("flow: '" + flow + "' (expected: ... actions=...)");
        }
        String match = flow.substring(0, actions).replaceFirst("^cookie=0x[0-9a-f]+,", "");
        return "flow delete_strict " + match + "\nflow add " + flow + "\n";
    }

    private String ofctl(String stdin, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(options.ofctl(), "--no-names", "-O", "OpenFlow14"));
        command.addAll(List.of(args));
        CommandResult r = runner.run(command, stdin, options.timeout());
        if (!r.succeeded()) {
            throw new IOException("ovs-ofctl " + args[0] + " " + target + ": exit " + r.exitCode() + ": "
                    + r.stderr().strip().replace('\n', ' ') + " (expected: exit 0)");
        }
        return r.stdout();
    }
}
