package io.rxhealth.haproxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WaitingRoomTest {
    /**
     * Connections are named by source and number ({@code a1} is source a's first); a source's load is
     * its connections already open plus those that arrived and were not turned away, as
     * {@link Admission#load} counts them.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                                      | capacity | open before | arrivals             | served in order      | turned away
        one source is served in arrival order           | 8        |             | a1 a2 a3             | a1 a2 a3             |
        the lightest source goes first                  | 8        | a=5         | a1 a2 b1 b2 c1       | c1 b1 b2 a1 a2       |
        connections already open weigh                  | 8        | b=3         | b1 a1 a2             | a1 a2 b1             |
        equal loads go in arrival order                 | 8        |             | a1 b1 a2 b2          | a1 b1 a2 b2          |
        a full room sends off the heaviest's newest     | 3        |             | a1 a2 b1 c1          | a1 b1 c1             | a2
        ... however often a lighter one comes           | 3        | a=10        | a1 a2 a3 b1 c1       | b1 c1 a1             | a3 a2
        a full room turns away the heaviest itself      | 2        |             | a1 a2 a3             | a1 a2                | a3
        and a newcomer no lighter than the heaviest     | 2        |             | a1 b1 c1             | a1 b1                | c1
        """)
    void servesTheLightestSourceFirstAndSendsOffTheHeaviestWhenFull(String scenario, int capacity, String openBefore,
                                                                    String arrivals, String served, String turnedAway) {
        Map<String, Integer> load = new HashMap<>();
        if (openBefore != null) {
            for (String entry : openBefore.split(" ")) {
                String[] kv = entry.split("=");
                load.put(kv[0], Integer.parseInt(kv[1]));
            }
        }
        var room = new WaitingRoom<String, String>(capacity, item -> item.substring(0, 1));
        var away = new ArrayList<String>();
        for (String item : arrivals.split(" ")) {
            load.merge(item.substring(0, 1), 1, Integer::sum);
            String sent = room.add(item, source -> load.getOrDefault(source, 0));
            if (sent != null) {
                load.merge(sent.substring(0, 1), -1, Integer::sum);
                away.add(sent);
            }
        }
        var order = new ArrayList<String>();
        for (String next; (next = room.next(source -> load.getOrDefault(source, 0))) != null; ) {
            order.add(next); // served: open now, so its load stays
        }

        assertThat(String.join(" ", order)).as(scenario).isEqualTo(served);
        assertThat(String.join(" ", away)).as(scenario).isEqualTo(turnedAway == null ? "" : turnedAway);
        assertThat(room.isEmpty()).isTrue();
    }

    @Test
    void aNewcomerFromALightSourceIsServedBeforeABurstThatCameFirst() {
        Map<String, Integer> load = new HashMap<>();
        var room = new WaitingRoom<String, String>(1024, item -> item.substring(0, 1));
        for (int i = 0; i < 200; i++) {
            load.merge("x", 1, Integer::sum);
            room.add("x" + i, s -> load.getOrDefault(s, 0));
        }
        load.merge("h", 1, Integer::sum);
        room.add("h1", s -> load.getOrDefault(s, 0));

        assertThat(room.size()).isEqualTo(201);
        assertThat(room.next(s -> load.getOrDefault(s, 0))).isEqualTo("h1");
        assertThat(room.next(s -> load.getOrDefault(s, 0))).isEqualTo("x0");
    }

    @Test
    void clearingHandsBackEveryoneWaiting() {
        var room = new WaitingRoom<String, String>(8, item -> item.substring(0, 1));
        List.of("a1", "b1", "a2").forEach(item -> room.add(item, s -> 0));

        assertThat(room.clear()).containsExactlyInAnyOrder("a1", "b1", "a2");
        assertThat(room.isEmpty()).isTrue();
        assertThat(room.next(s -> 0)).isNull();
    }

    @Test
    void rejectsAnEmptyRoom() {
        assertThatThrownBy(() -> new WaitingRoom<String, String>(0, item -> item))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("capacity: 0 (expected: > 0)");
    }
}
