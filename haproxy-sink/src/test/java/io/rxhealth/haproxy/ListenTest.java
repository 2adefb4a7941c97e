package io.rxhealth.haproxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ListenTest {
    @Test
    void bindsAllAddressesOnPort9505ByDefault() {
        assertThat(Listen.defaultBind())
                .isEqualTo(new Listen.Bind(new InetSocketAddress("0.0.0.0", 9505)));
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 65_536})
    void rejectsPortsOutOfRange(int port) {
        assertThatThrownBy(() -> Listen.bind("127.0.0.1", port))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("port: " + port + " (expected: 0..65535)");
    }
}
