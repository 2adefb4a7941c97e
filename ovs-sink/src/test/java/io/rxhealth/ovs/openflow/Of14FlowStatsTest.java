package io.rxhealth.ovs.openflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rxhealth.ovs.openflow.FlowQuery.MaskedRegister;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Flow-statistics bodies laid out as in the OpenFlow 1.4.1 specification and as ovs-vswitchd 3.1
 * sends them (the same flows decoded from a real switch: {@code ChannelTable11IT}).
 */
class Of14FlowStatsTest {
    private static final long COOKIE = 0x70a1400021f90L;

    /** {@code priority=100,reg3=7,reg1=5 actions=set_field:0xa140002->reg2,set_field:0x1f90->reg4,goto_table:12}. */
    private static ByteBuffer slotFlow(boolean nxLoads) {
        ByteBuffer e = ByteBuffer.allocate(256);
        e.putShort((short) 0).put((byte) 11).put((byte) 0).putInt(3).putInt(0);
        e.putShort((short) 100).putShort((short) 0).putShort((short) 0).putShort((short) 0).putShort((short) 0)
                .putShort((short) 0);
        e.putLong(COOKIE).putLong(2).putLong(84);
        // OXM match: reg3=7, reg1=5 (16 bytes of fields + 4 of header = 20, padded to 24).
        e.putShort((short) 1).putShort((short) 20).putInt(Of14.registerHeader(3)).putInt(7)
                .putInt(Of14.registerHeader(1)).putInt(5).putInt(0);
        int actionsLength = nxLoads ? 48 : 32;
        e.putShort((short) Of14.INSTRUCTION_APPLY_ACTIONS).putShort((short) (8 + actionsLength)).putInt(0);
        if (nxLoads) {
            regLoad(e, 2, 0x0a140002L);
            regLoad(e, 4, 0x1f90L);
        } else {
            setField(e, 2, 0x0a140002);
            setField(e, 4, 0x1f90);
        }
        e.putShort((short) Of14.INSTRUCTION_GOTO_TABLE).putShort((short) 8).put((byte) 12).put(new byte[3]);
        e.putShort(0, (short) e.position());
        return e.flip();
    }

    private static void setField(ByteBuffer e, int register, int value) {
        e.putShort((short) Of14.ACTION_SET_FIELD).putShort((short) 16).putInt(Of14.registerHeader(register))
                .putInt(value).putInt(0);
    }

    private static void regLoad(ByteBuffer e, int register, long value) {
        e.putShort((short) 0xffff).putShort((short) 24).putInt(0x2320).putShort((short) 7).putShort((short) 31)
                .putInt(Of14.registerHeader(register)).putLong(value);
    }

    /** {@code priority=0 actions=drop}: an empty match, no instruction. */
    private static ByteBuffer dropFlow() {
        ByteBuffer e = ByteBuffer.allocate(56);
        e.putShort((short) 56).put((byte) 11).put((byte) 0).putInt(0).putInt(0);
        e.putShort((short) 0).putShort((short) 0).putShort((short) 30).putShort((short) 0).putShort((short) 0)
                .putShort((short) 0);
        e.putLong(0).putLong(1).putLong(42);
        e.putShort((short) 1).putShort((short) 4).putInt(0);
        return e.flip();
    }

    private static ByteBuffer reply(int type, int flags, ByteBuffer... entries) {
        int length = 8;
        for (ByteBuffer e : entries) {
            length += e.remaining();
        }
        ByteBuffer body = ByteBuffer.allocate(length);
        body.putShort((short) type).putShort((short) flags).putInt(0);
        for (ByteBuffer e : entries) {
            body.put(e.duplicate());
        }
        return body.flip();
    }

    @Test
    void decodesASlotFlowInEitherFormOfItsLoadsAndTheDropFlow() {
        List<FlowEntry> flows = new ArrayList<>();
        Of14FlowStats.decode(reply(Of14.MULTIPART_FLOW, 0, slotFlow(false), slotFlow(true), dropFlow()), flows);

        FlowEntry slot = new FlowEntry(11, 100, COOKIE, 2, 84,
                List.of(MaskedRegister.exact(3, 7), MaskedRegister.exact(1, 5)), List.of(),
                List.of(new FlowEntry.Load(2, 0x0a140002L), new FlowEntry.Load(4, 0x1f90)), 12, List.of());
        assertThat(flows).containsExactly(slot, slot, new FlowEntry(11, 0, 0, 1, 42, List.of(),
                List.of("hard_timeout=30"), List.of(), -1, List.of()));
        assertThat(flows.get(0).text()).isEqualTo("cookie=0x70a1400021f90, table=11, n_packets=2, n_bytes=84, "
                + "priority=100,reg3=0x7,reg1=0x5 actions=set_field:0xa140002->reg2,set_field:0x1f90->reg4,goto_table:12");
    }

    @Test
    void readsTheMoreFlagAndTheAggregateCount() {
        assertThat(Of14FlowStats.more(reply(Of14.MULTIPART_FLOW, 1))).isTrue();
        assertThat(Of14FlowStats.more(reply(Of14.MULTIPART_FLOW, 0))).isFalse();
        ByteBuffer aggregate = ByteBuffer.allocate(32).putShort((short) Of14.MULTIPART_AGGREGATE).putShort((short) 0)
                .putInt(0).putLong(10).putLong(420).putInt(65537).putInt(0).flip();
        assertThat(Of14FlowStats.aggregateFlowCount(aggregate)).isEqualTo(65537);
    }

    static Stream<Arguments> malformed() {
        return Stream.of(
                Arguments.of(reply(Of14.MULTIPART_AGGREGATE, 0),
                        "flow statistics reply: multipart type 2 (expected: 1, flow statistics)"),
                Arguments.of(ByteBuffer.allocate(4),
                        "flow statistics reply: a reply of 4 bytes (expected: at least the 8 of its multipart header)"),
                Arguments.of(reply(Of14.MULTIPART_FLOW, 0, changed(dropFlow(), b -> b.putShort(0, (short) 200))),
                        "flow statistics reply: flow entry length 200 at byte 8 (expected: >= 56 and within the reply's 64 bytes)"),
                Arguments.of(reply(Of14.MULTIPART_FLOW, 0, changed(dropFlow(), b -> b.putShort(48, (short) 0))),
                        "flow statistics reply: match type 0 of length 4 (expected: an OXM match (type 1) within the entry's 56 bytes)"),
                Arguments.of(reply(Of14.MULTIPART_FLOW, 0, changed(slotFlow(false), b -> b.putShort(82, (short) 9))),
                        "flow statistics reply: action 25 of length 9 (expected: a multiple of 8 within the instruction)"));
    }

    @ParameterizedTest
    @MethodSource("malformed")
    void aMalformedReplyIsNamed(ByteBuffer body, String message) {
        assertThatThrownBy(() -> Of14FlowStats.decode(body, new ArrayList<>())).hasMessage(message);
    }

    @Test
    void aShortAggregateReplyIsNamed() {
        assertThatThrownBy(() -> Of14FlowStats.aggregateFlowCount(reply(Of14.MULTIPART_AGGREGATE, 0)))
                .hasMessage("flow statistics reply: a reply of 8 bytes (expected: the 32 of an aggregate reply)");
    }

    private static ByteBuffer changed(ByteBuffer b, Consumer<ByteBuffer> change) {
        change.accept(b);
        return b;
    }
}
