package io.rxhealth.ovs.pipeline;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.openflow.Bundle;
import io.rxhealth.ovs.openflow.OpenFlowException;
import io.rxhealth.ovs.openflow.OpenFlowSwitch;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Map;

/**
 * The two small switch calls of the pipeline keeper: counting the flows that carry the pipeline's
 * cookie ({@code dump-aggregate}, one line whatever the table sizes) and a point update of one
 * table-21 flow (a bundle: strict delete of its match, add).
 */
public final class PipelineMarker {
    private final OpenFlowSwitch ovs;

    public PipelineMarker(OpenFlowSwitch ovs) {
        this.ovs = requireNonNull(ovs, "ovs");
    }

    /**
     * The pipeline's cookie: the upper 16 bits 0, so that it is never a slot flow's cookie (those
     * start with the pool id, 1..65535), the lower 48 bits from the SHA-256 of the rendered
     * pipeline, so that a pipeline of another topology does not count as this one.
     */
    public static long cookie(Topology topology) {
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
    long count(long cookie) throws OpenFlowException {
        return ovs.flowCount("cookie=0x" + Long.toHexString(cookie) + "/-1");
    }

    /** Replaces one flow atomically: {@code flow} is {@code [cookie=C,]table=T,priority=P,MATCH actions=A}. */
    void pointUpdate(String flow) throws OpenFlowException {
        ovs.bundle(pointUpdateBundle(flow));
    }

    /** The bundle of {@link #pointUpdate}: a strict delete of the flow's match and priority, then the add. Pure. */
    static Bundle pointUpdateBundle(String flow) {
        int actions = flow.indexOf(" actions=");
        if (actions < 0) {
            throw new IllegalArgumentException("flow: '" + flow + "' (expected: ... actions=...)");
        }
        String match = flow.substring(0, actions).replaceFirst("^cookie=0x[0-9a-f]+,", "");
        return new Bundle(List.of("flow delete_strict " + match, "flow add " + flow));
    }
}
