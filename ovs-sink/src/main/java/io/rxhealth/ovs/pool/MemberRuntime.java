package io.rxhealth.ovs.pool;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.health.AgentFailure;
import io.rxhealth.ovs.health.ProbeResult;
import io.rxhealth.weighting.RiseFallCounter;
import io.rxhealth.weighting.RiseFallState;
import io.rxhealth.weighting.agentcheck.AgentReplyParser;
import io.rxhealth.weighting.agentcheck.MemberAgentState;
import io.rxhealth.weighting.agentcheck.ParsedReply;
import java.time.InstantSource;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The live state of one member, fed by its probe, its agent poller and operators. Thread-safe:
 * each event swaps an immutable {@link MemberSnapshot}. Only transitions are logged, and a change
 * that can move the layout calls {@code onChange}.
 *
 * <p>A failed probe that crossed the node's own switch while it was down counts for nothing
 * ({@link ProbeGate}); failures counted before the outage was found are taken back
 * ({@link #switchLost}) to where the probe stood when the switch last held ({@link #switchHeld}).
 */
public final class MemberRuntime {
    private static final Logger log = LoggerFactory.getLogger(MemberRuntime.class);

    private final String key;
    private final AtomicReference<MemberSnapshot> state;
    private final Runnable onChange;
    private final LbMetrics metrics;
    private final InstantSource clock;
    private final ProbeGate gate;
    /** The probe counter at the last check that found the switch holding: what an outage rolls back to; null before one. */
    private volatile RiseFallCounter probeWhenSwitchHeld;

    public MemberRuntime(String key, MemberSnapshot initial, Runnable onChange, LbMetrics metrics,
                         InstantSource clock) {
        this(key, initial, onChange, metrics, clock, ProbeGate.OPEN);
    }

    /** {@code gate} says which failed probes crossed the node's own switch while it was down. */
    public MemberRuntime(String key, MemberSnapshot initial, Runnable onChange, LbMetrics metrics,
                         InstantSource clock, ProbeGate gate) {
        this.gate = requireNonNull(gate, "gate");
        this.key = requireNonNull(key, "key");
        this.state = new AtomicReference<>(requireNonNull(initial, "initial"));
        this.onChange = requireNonNull(onChange, "onChange");
        this.metrics = requireNonNull(metrics, "metrics");
        this.clock = requireNonNull(clock, "clock");
    }

    public String key() {
        return key;
    }

    public MemberSnapshot snapshot() {
        return state.get();
    }

    /** A probe result, counted whatever crossed the switch when (tests and harnesses without a switch). */
    public void onProbe(ProbeResult result) {
        record(result);
    }

    /** A probe result; a failure of a probe opened at {@code openedAt} (ticker nanos) that the gate freezes counts for nothing. */
    public void onProbe(ProbeResult result, long openedAt) {
        if (!result.passed() && gate.freezes(openedAt)) {
            metrics.probe(false);
            metrics.probeFrozen();
            state.getAndUpdate(s -> s.withProbe(s.probe(), "frozen, the switch was down: " + result.detail()));
            return;
        }
        record(result);
    }

    /** The switch held the pipeline at a check: the probe counter as it stands is the one an outage goes back to. */
    public void switchHeld() {
        probeWhenSwitchHeld = state.get().probe();
    }

    /**
     * The switch was found down: failures counted since it last held crossed it while it was going
     * down, so the probe counter goes back to what it was then (a member they took down comes back).
     */
    public void switchLost() {
        RiseFallCounter held = probeWhenSwitchHeld;
        if (held == null) {
            return; // the switch never held yet (a start against a switch that is down): nothing to go back to
        }
        MemberSnapshot before = state.getAndUpdate(s -> s.withProbe(held, s.probeDetail()));
        if (before.probe().state() != held.state()) {
            metrics.probeTransition();
            log.info("member {}: probe {} -> {} (the failures crossed the node's own switch while it went down)", key,
                    before.probe().state(), held.state());
            onChange.run();
        }
    }

    private void record(ProbeResult result) {
        metrics.probe(result.passed());
        MemberSnapshot before = state.getAndUpdate(s -> s.withProbe(s.probe().record(result.passed()), result.detail()));
        RiseFallCounter was = before.probe();
        RiseFallCounter now = was.record(result.passed());
        if (was.state() != now.state()) {
            metrics.probeTransition();
            if (was.state() == RiseFallState.UNKNOWN) {
                // The first result of every member: the start logs one summary (FirstRound), not 10,000 lines.
                log.debug("member {}: probe {} -> {} ({})", key, was.state(), now.state(), result.detail());
            } else {
                log.info("member {}: probe {} -> {} ({})", key, was.state(), now.state(), result.detail());
            }
            onChange.run();
        }
    }

    public void onAgentReply(String line) {
        ParsedReply reply = AgentReplyParser.parse(line);
        metrics.agentReply(!reply.errors().isEmpty());
        MemberSnapshot before = state.getAndUpdate(s -> s.withReply(s.agent().apply(reply), line, clock.instant()));
        MemberAgentState next = before.agent().apply(reply);
        if (before.agentFailures() > 0) {
            log.info("member {}: agent answers again after {} failed polls", key, before.agentFailures());
        }
        if (!reply.errors().isEmpty() && !line.equals(before.lastReply())) {
            log.warn("member {}: agent reply '{}': {}", key, line, String.join("; ", reply.errors()));
        }
        if (!next.equals(before.agent())) {
            String why = reply.description().isEmpty() ? "" : " (" + reply.description() + ")";
            if (before.lastReply() == null) {
                log.debug("member {}: agent {} -> {}{}", key, before.agent().label(), next.label(), why);
            } else {
                log.info("member {}: agent {} -> {}{}", key, before.agent().label(), next.label(), why);
            }
            onChange.run();
        }
    }

    public void onAgentFailure(AgentFailure failure, String detail) {
        metrics.agentFailure(failure);
        MemberSnapshot before = state.getAndUpdate(s -> s.withAgentFailure(failure, detail));
        if (before.agentFailures() == 0) {
            // Fail-static: the member keeps its last agent state (agent-check.md, semantics 10).
            log.warn("member {}: agent poll failed ({}: {}), keeping agent state {}", key, failure, detail,
                    before.agent().label());
        }
    }

    /** Drains ({@code true}) or enables the member; probes and agent polls go on. True if it changed. */
    public boolean setOperatorDrain(boolean drain) {
        MemberSnapshot before = state.getAndUpdate(s -> s.withOperatorDrain(drain));
        if (before.operatorDrain() == drain) {
            return false;
        }
        log.info("member {}: operator {}", key, drain ? "drain" : "enable");
        onChange.run();
        return true;
    }
}
