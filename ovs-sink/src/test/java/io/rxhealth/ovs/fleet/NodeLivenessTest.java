package io.rxhealth.ovs.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NodeLivenessTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                         | now (s) | expected
        all fresh                          | 1       | a b c
        c's heartbeat just under timeout   | 5.9     | a b c
        c's heartbeat at the timeout: dead | 6       | a b
        only the newest left               | 9.5     | b
        """)
    void keepsNodesWhoseHeartbeatIsYoungerThanTheTimeout(String scenario, double now, String expected) {
        var seen = Map.of("a", seconds(4), "b", seconds(5), "c", seconds(1));
        var live = NodeLiveness.live(seen, seconds(now), Duration.ofSeconds(5));
        assertEquals(expected, String.join(" ", live), scenario);
    }

    @Test
    void rejectsAZeroTimeout() {
        assertThrows(IllegalArgumentException.class, () -> NodeLiveness.live(Map.of(), 0, Duration.ZERO));
    }

    private static long seconds(double s) {
        return (long) (s * 1e9);
    }

}
