package io.rxhealth.ovs.openflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.ovs.openflow.FlowMod.Flag;
import io.rxhealth.ovs.openflow.FlowMod.RegisterLoad;
import io.rxhealth.ovs.openflow.FlowMod.RegisterMatch;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The channel's bytes are ovs-ofctl's: each flow mod, encoded as a bundle add, equals what
 * ovs-ofctl 3.1 sent for its text line (captured, {@code ofctl-bundle-adds.txt}), and its
 * {@link FlowMod#text()} is that line.
 */
class Of14EncoderTest {
    private static final HexFormat HEX = HexFormat.of();

    /** The flow mods of the captured lines, in their order. */
    private static final List<FlowMod> MODS = List.of(
            FlowMod.add(11, 100, List.of(new RegisterMatch(3, 7), new RegisterMatch(1, 2)), 0x00070a1e00031f90L,
                    Set.of(Flag.RESET_COUNTS), List.of(new RegisterLoad(2, 0x0a1e0003L, 32), new RegisterLoad(4, 0x1f90, 16)), 12),
            FlowMod.add(11, 100, List.of(new RegisterMatch(3, 65535), new RegisterMatch(1, 65535)), -1L, Set.of(),
                    List.of(new RegisterLoad(2, 0xffffffffL, 32), new RegisterLoad(4, 0xffff, 16)), 12),
            FlowMod.delete(11, List.of(new RegisterMatch(3, 7))),
            FlowMod.add(11, 0, List.of(), 0, Set.of(), List.of(), -1),
            FlowMod.deleteStrict(11, 100, List.of(new RegisterMatch(3, 7), new RegisterMatch(1, 5))),
            FlowMod.add(11, 100, List.of(new RegisterMatch(3, 7)), 0, Set.of(Flag.CHECK_OVERLAP), List.of(), -1));

    private record Captured(String line, int xid, String hex) {
    }

    @Test
    void everyFlowModIsTheLineAndTheBytesOvsOfctlSent() throws IOException {
        List<Captured> captured = captured();
        assertThat(captured).hasSameSizeAs(MODS);
        for (int i = 0; i < MODS.size(); i++) {
            FlowMod mod = MODS.get(i);
            Captured c = captured.get(i);
            ByteBuffer out = ByteBuffer.allocate(Of14Encoder.bundleAddLength(mod));
            Of14Encoder.bundleAdd(out, c.xid(), 0, mod);
            assertThat(mod.text()).isEqualTo(c.line());
            assertThat(out.hasRemaining()).as("length of %s", c.line()).isFalse();
            assertThat(HEX.formatHex(out.array())).as(c.line()).isEqualTo(c.hex());
        }
    }

    @Test
    void helloBarrierAndBundleControlAreOvsOfctlsToo() {
        assertThat(encode(16, b -> Of14Encoder.hello(b, 1))).isEqualTo("05000010000000010001000800000020");
        assertThat(encode(8, b -> Of14Encoder.barrier(b, 9))).isEqualTo("0514000800000009");
        assertThat(encode(16, b -> Of14Encoder.bundleControl(b, 8, 0, Of14.BUNDLE_OPEN_REQUEST)))
                .isEqualTo("05210010000000080000000000000003");
        assertThat(encode(16, b -> Of14Encoder.bundleControl(b, 10, 0, Of14.BUNDLE_COMMIT_REQUEST)))
                .isEqualTo("052100100000000a0000000000040003");
    }

    @Test
    void anEchoReplyCarriesTheRequestsData() {
        ByteBuffer data = ByteBuffer.wrap(new byte[] {1, 2, 3});
        assertThat(encode(11, b -> Of14Encoder.echoReply(b, 0x2a, data))).isEqualTo("0503000b0000002a010203");
    }

    private static String encode(int length, java.util.function.Consumer<ByteBuffer> encoder) {
        ByteBuffer out = ByteBuffer.allocate(length);
        encoder.accept(out);
        assertThat(out.hasRemaining()).isFalse();
        return HEX.formatHex(out.array());
    }

    private static List<Captured> captured() throws IOException {
        List<Captured> out = new ArrayList<>();
        try (InputStream in = Of14EncoderTest.class.getResourceAsStream("ofctl-bundle-adds.txt")) {
            String[] lines = new String(in.readAllBytes(), StandardCharsets.US_ASCII).split("\n");
            String line = null;
            for (String l : lines) {
                if (l.startsWith("#")) {
                    continue;
                }
                if (l.startsWith("| ")) {
                    String[] xidHex = l.substring(2).split(" ");
                    out.add(new Captured(line, Integer.parseInt(xidHex[0]), xidHex[1]));
                } else {
                    line = l;
                }
            }
        }
        return out;
    }
}
