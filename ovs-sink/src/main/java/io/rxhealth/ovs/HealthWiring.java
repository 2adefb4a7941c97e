package io.rxhealth.ovs;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.rxhealth.ovs.health.AgentFailure;
import io.rxhealth.ovs.health.AgentPoller;
import io.rxhealth.ovs.health.ProbeResult;
import io.rxhealth.ovs.health.ProbeScheduler;
import io.rxhealth.ovs.health.StartLag;
import io.rxhealth.ovs.outage.SwitchWatch;
import io.rxhealth.ovs.pool.MemberRuntime;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** What LbNode hands the probe loop, the agent poller and the switch watch: the members' side of each, and the schedule-lag timers. */
final class HealthWiring {
    /** Buckets of the schedule lag: under a millisecond is on time, a second is a whole timeout late. */
    private static final Duration[] LAG_BUCKETS = {Duration.ofMillis(1), Duration.ofMillis(5), Duration.ofMillis(10),
        Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500),
        Duration.ofSeconds(1), Duration.ofSeconds(2)};

    private HealthWiring() {
    }

    /** Each probe result to its member, with the time the probe was opened (what the switch watch judges by). */
    static ProbeScheduler.Listener probes(Map<String, MemberRuntime> members) {
        return new ProbeScheduler.Listener() {
            @Override
            public void onProbe(String key, ProbeResult result) {
                members.get(key).onProbe(result);
            }

            @Override
            public void onProbe(String key, ProbeResult result, long openedAt) {
                members.get(key).onProbe(result, openedAt);
            }
        };
    }

    /** Each agent reply or failed poll to its member. */
    static AgentPoller.Listener agentReplies(Map<String, MemberRuntime> members) {
        return new AgentPoller.Listener() {
            @Override
            public void onReply(String key, String line) {
                members.get(key).onAgentReply(line);
            }

            @Override
            public void onFailure(String key, AgentFailure failure, String detail) {
                members.get(key).onAgentFailure(failure, detail);
            }
        };
    }

    /** The edges of an outage of the node's own switch, told to every member. */
    static SwitchWatch.Members switchEdges(Map<String, MemberRuntime> members) {
        return new SwitchWatch.Members() {
            @Override
            public void switchHeld() {
                members.values().forEach(MemberRuntime::switchHeld);
            }

            @Override
            public void switchLost() {
                members.values().forEach(MemberRuntime::switchLost);
            }
        };
    }

    /** How late probes ({@code kind} probe) or polls (agent) open against their schedule: when the loop or the host falls behind. */
    static StartLag startLag(MeterRegistry registry, String kind) {
        Timer timer = Timer.builder("rxhealth_lbd_health_check_start_lag")
                .description("How late a probe or agent poll was opened against its schedule")
                .tag("kind", kind)
                .serviceLevelObjectives(LAG_BUCKETS)
                .register(registry);
        return late -> timer.record(late, TimeUnit.NANOSECONDS);
    }
}
