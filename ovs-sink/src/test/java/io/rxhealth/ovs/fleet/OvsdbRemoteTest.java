package io.rxhealth.ovs.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.rxhealth.ovs.fleet.ovsdb.OvsdbRemote;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class OvsdbRemoteTest {
    @ParameterizedTest
    @ValueSource(strings = {"unix:/run/rx-health/fleet.sock", "tcp:127.0.0.1:6641", "tcp:[::1]:6641", "tcp:db1:6641"})
    void acceptsUnixAndTcpRemotes(String spec) {
        assertEquals(spec, new OvsdbRemote(spec).toString());
    }

    @ParameterizedTest
    @CsvSource({"unix:", "tcp:127.0.0.1", "tcp:127.0.0.1:0", "tcp:127.0.0.1:70000", "ssl:127.0.0.1:6641", "127.0.0.1:6641"})
    void rejectsAnythingElse(String spec) {
        assertThrows(IllegalArgumentException.class, () -> new OvsdbRemote(spec));
    }
}
