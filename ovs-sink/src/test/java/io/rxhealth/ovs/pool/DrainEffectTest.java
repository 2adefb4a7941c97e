package io.rxhealth.ovs.pool;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.rxhealth.ovs.health.ProbeResult;
import io.rxhealth.ovs.slots.MemberSpec;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.ovs.slots.RecordingSlotTableWriter;
import java.time.Instant;
import java.time.InstantSource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A drain fails a pool close only when it takes out the last member the layout gives weight to. */
class DrainEffectTest {
    private static final String A = "10.20.0.2:8080";
    private static final String B = "10.20.0.3:8080";
    private static final String C = "10.30.0.2:8080";
    private static final InstantSource CLOCK = InstantSource.fixed(Instant.parse("2026-11-30T12:00:00Z"));

    private final LbMetrics metrics = new LbMetrics(new SimpleMeterRegistry());
    private final Map<String, MemberRuntime> members = new LinkedHashMap<>();
    private final PoolSpec web = new PoolSpec(7, "web", "192.168.5.21", 80, 1024, List.of(
            new MemberSpec(A, 1, "10.20.0.2", 8080, 100),
            new MemberSpec(B, 2, "10.20.0.3", 8080, 100),
            new MemberSpec(C, 3, "10.30.0.2", 8080, 200)));
    private final PoolSpec api = new PoolSpec(8, "api", "192.168.5.22", 80, 1024, List.of(
            new MemberSpec(A, 1, "10.20.0.2", 8080, 100)));

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                                  | A          | B          | C          | drain | fails close
        every member up                             | up         | up         | up         | A     | false
        the others probe-down                       | up         | probe-down | probe-down | A     | true
        the others drained by an operator           | up         | drained    | drained    | A     | true
        the pool is empty already                   | drained    | probe-down | probe-down | A     | false
        draining one that is out already            | up         | probe-down | probe-down | B     | false
        one other reduced by its agent              | up         | up 1%      | probe-down | A     | false
        panic keeps the agent-down members in       | up         | agent-down | agent-down | A     | false
        """)
    void judgesTheDrainOnTheMembersAsTheyStand(String scenario, String a, String b, String c, String drain,
                                               boolean failsClose) {
        PoolController controller = controller(List.of(web));
        set(A, a);
        set(B, b);
        set(C, c);

        assertThat(controller.drainEffects(key(drain))).as(scenario).containsExactly(new DrainEffect("web", failsClose));
    }

    @Test
    void namesEveryPoolOfTheMemberAndOnlyThose() {
        PoolController controller = controller(List.of(web, api));

        assertThat(controller.drainEffects(A)).containsExactly(new DrainEffect("web", false),
                new DrainEffect("api", true));
        assertThat(controller.drainEffects(B)).containsExactly(new DrainEffect("web", false));
        assertThat(controller.drainEffects("10.9.9.9:80")).isEmpty();
    }

    private PoolController controller(List<PoolSpec> pools) {
        for (MemberSpec m : web.members()) {
            MemberRuntime r = new MemberRuntime(m.key(), MemberSnapshot.initial(1, 1, true), () -> { }, metrics, CLOCK);
            r.onProbe(ProbeResult.pass("HTTP 200"));
            r.onAgentReply("up 100%");
            members.put(m.key(), r);
        }
        return new PoolController(pools, members, new RecordingSlotTableWriter(), metrics, CLOCK);
    }

    private void set(String key, String state) {
        MemberRuntime m = members.get(key);
        switch (state) {
            case "up" -> { }
            case "probe-down" -> m.onProbe(ProbeResult.fail("connect refused"));
            case "drained" -> m.setOperatorDrain(true);
            case "agent-down" -> m.onAgentReply("down");
            default -> m.onAgentReply(state);
        }
    }

    private static String key(String name) {
        return switch (name) {
            case "A" -> A;
            case "B" -> B;
            default -> C;
        };
    }
}
