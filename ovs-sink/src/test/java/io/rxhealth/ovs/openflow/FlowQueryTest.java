package io.rxhealth.ovs.openflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rxhealth.ovs.openflow.FlowQuery.MaskedRegister;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class FlowQueryTest {
    static Stream<Arguments> texts() {
        return Stream.of(
                Arguments.of(FlowQuery.table(11), "table=11"),
                Arguments.of(FlowQuery.match(11, List.of(MaskedRegister.exact(3, 7))), "table=11,reg3=7"),
                Arguments.of(FlowQuery.match(11, List.of(MaskedRegister.exact(3, 7), new MaskedRegister(1, 5, 0xf))),
                        "table=11,reg3=7,reg1=0x5/0xf"),
                Arguments.of(FlowQuery.cookie(11, 7L << 48, 0xffffL << 48), "table=11,cookie=0x7000000000000/0xffff000000000000"),
                Arguments.of(new FlowQuery(11, 0x2a, -1L, List.of()), "table=11,cookie=0x2a/0xffffffffffffffff"));
    }

    @ParameterizedTest
    @MethodSource("texts")
    void readsAsOvsOfctlReadsIt(FlowQuery query, String text) {
        assertThat(query.text()).isEqualTo(text);
    }

    static Stream<Arguments> bad() {
        return Stream.of(
                Arguments.of((Supplier<Object>) () -> FlowQuery.table(255), "table: 255 (expected: 0..254)"),
                Arguments.of((Supplier<Object>) () -> FlowQuery.cookie(11, 3, 1), "cookie: 0x3 (expected: bits of mask 0x1 only)"),
                Arguments.of((Supplier<Object>) () -> new MaskedRegister(16, 0, 1), "register: 16 (expected: 0..15, reg0..reg15)"),
                Arguments.of((Supplier<Object>) () -> new MaskedRegister(1, 0, 0), "mask: 0 (expected: 1..0xffffffff)"),
                Arguments.of((Supplier<Object>) () -> new MaskedRegister(1, 0x10, 0xf), "value: 16 (expected: bits of mask 0xf only)"),
                Arguments.of((Supplier<Object>) () -> FlowQuery.match(11, List.of(MaskedRegister.exact(3, 1),
                        MaskedRegister.exact(3, 2))), "match: reg3 twice (expected: each register once)"));
    }

    @ParameterizedTest
    @MethodSource("bad")
    void badQueriesAreNamed(Supplier<Object> make, String message) {
        assertThatThrownBy(make::get).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }
}
