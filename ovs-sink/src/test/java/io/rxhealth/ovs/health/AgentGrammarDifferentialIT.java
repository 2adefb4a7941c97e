package io.rxhealth.ovs.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.rxhealth.ovs.pool.LbMetrics;
import io.rxhealth.ovs.pool.MemberRuntime;
import io.rxhealth.ovs.pool.MemberSnapshot;
import io.rxhealth.ovs.pool.MemberWeight;
import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.agentcheck.AgentHealth;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real HAProxy 2.6 and the daemon's agent poller (AgentPoller, ExchangeLoop, LineExchange, the
 * parser and MemberAgentState, wired to MemberRuntime as LbNode wires them) poll the same fake agent
 * through every sequence of {@code agent-grammar-sequences.txt} at once: one HAProxy server and one
 * daemon member per sequence. After each step both settled states are compared: HAProxy's
 * operational state, admin state and weight from {@code show servers state} against the daemon's
 * agent state, admin flags and weights. Every difference fails the test unless the sequence names
 * it as intended (docs/lbd.md lists those, with the reason).
 */
class AgentGrammarDifferentialIT {
    /** Both pollers: HAProxy's agent-inter and timeout check, the daemon's intervals.agent and agent-timeout. */
    private static final Duration INTERVAL = Duration.ofMillis(200);
    private static final Duration TIMEOUT = Duration.ofMillis(300);
    /** How long each step lasts: several polls, and a slow or held reply has timed out well before its end. */
    private static final Duration STEP = Duration.ofMillis(1600);
    private static final String BACKEND = "be_diff";

    @TempDir
    Path dir;

    @Test
    void haproxyAndTheDaemonSettleTheSameWayOnEveryReplySequence() throws Exception {
        String version = HaproxyRuntime.requireVersion26();
        List<Sequence> sequences = Sequence.load();
        assertThat(sequences).hasSizeGreaterThanOrEqualTo(50);

        ExecutorService connections = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "rxh-scripted-agent-conn");
            t.setDaemon(true);
            return t;
        });
        List<ScriptedAgent> agents = new ArrayList<>();
        Map<String, MemberRuntime> members = new LinkedHashMap<>();
        List<AgentTarget> targets = new ArrayList<>();
        LbMetrics metrics = new LbMetrics(new SimpleMeterRegistry());
        StringBuilder servers = new StringBuilder();
        try {
            for (Sequence seq : sequences) {
                ScriptedAgent agent = new ScriptedAgent(seq.firstBehaviour(), connections);
                agents.add(agent);
                String key = seq.key();
                servers.append(String.format("    server %s 127.0.0.1:9 weight %d agent-check agent-addr 127.0.0.1"
                        + " agent-port %d agent-inter %dms%n", key, seq.weight(), agent.port(), INTERVAL.toMillis()));
                MemberRuntime m = new MemberRuntime(key, MemberSnapshot.initial(1, 1, true), () -> { }, metrics,
                        Clock.systemUTC());
                m.onProbe(ProbeResult.pass("liveness is not under test"));
                members.put(key, m);
                targets.add(new AgentTarget(key, new InetSocketAddress("127.0.0.1", agent.port()),
                        SourceAddress.any(), ""));
            }
            String config = """
                    global
                        stats socket %%SOCKET%% mode 600 level admin
                    defaults
                        mode tcp
                        timeout connect %1$dms
                        timeout client 5s
                        timeout server 5s
                        timeout check %1$dms
                    backend %2$s
                        balance roundrobin
                    """.formatted(TIMEOUT.toMillis(), BACKEND) + servers;
            try (HaproxyRuntime haproxy = HaproxyRuntime.start(dir, config);
                 AgentPoller poller = new AgentPoller(targets, INTERVAL, TIMEOUT, 1024, new AgentPoller.Listener() {
                     @Override
                     public void onReply(String key, String line) {
                         members.get(key).onAgentReply(line);
                     }

                     @Override
                     public void onFailure(String key, AgentFailure failure, String detail) {
                         members.get(key).onAgentFailure(failure, detail);
                     }
                 }, Ticker.system())) {
                poller.start();
                List<String> failures = run(sequences, agents, members, haproxy);
                String report = report(version, sequences);
                Files.writeString(Path.of("target", "agent-grammar-differential.txt"), report, StandardCharsets.UTF_8);
                assertThat(failures).as(report).isEmpty();
            }
        } finally {
            for (ScriptedAgent a : agents) {
                a.close();
            }
            connections.shutdownNow();
        }
    }

    private List<String> run(List<Sequence> sequences, List<ScriptedAgent> agents, Map<String, MemberRuntime> members,
                             HaproxyRuntime haproxy) throws IOException, InterruptedException {
        int steps = sequences.stream().mapToInt(s -> s.steps().size()).max().orElse(0);
        long t0 = System.nanoTime();
        for (int k = 0; k < steps; k++) {
            for (int i = 0; i < sequences.size(); i++) {
                Sequence seq = sequences.get(i);
                if (k >= seq.steps().size() || (k == 0 && !seq.steps().get(0).isOperator())) {
                    continue;
                }
                ReplyStep step = seq.steps().get(k);
                if (step.isOperator()) {
                    haproxy.run("set server " + BACKEND + "/" + seq.key() + " state " + step.operator());
                    members.get(seq.key()).setOperatorDrain(step.operator().equals("drain"));
                } else {
                    agents.get(i).behave(step.behaviour());
                }
            }
            sleepUntil(t0 + STEP.toNanos() * (k + 1));
            Map<String, HaproxyRuntime.Server> seen = haproxy.servers(BACKEND);
            for (Sequence seq : sequences) {
                HaproxyRuntime.Server s = seen.get(seq.key());
                if (s == null) {
                    throw new IOException("show servers state " + BACKEND + ": no " + seq.key() + ": " + haproxy.log());
                }
                seq.record(k, View.of(s), View.of(members.get(seq.key()).snapshot(), seq.weight()));
            }
        }
        List<String> failures = new ArrayList<>();
        for (Sequence seq : sequences) {
            seq.verdict().ifPresent(failures::add);
        }
        return failures;
    }

    private static void sleepUntil(long nanos) throws InterruptedException {
        long left = nanos - System.nanoTime();
        if (left > 0) {
            Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
        }
    }

    private static String report(String version, List<Sequence> sequences) {
        StringBuilder out = new StringBuilder(version).append('\n').append(sequences.size())
                .append(" sequences; per step: HAProxy | daemon (health admin weight traffic-weight)\n");
        for (Sequence seq : sequences) {
            out.append(seq.describe()).append('\n');
        }
        return out.toString();
    }

    /**
     * A settled state in the terms both load balancers share.
     *
     * @param health  {@code up} or {@code down}: HAProxy's operational state, the daemon's agent health
     * @param admin   {@code ready}, {@code drain} or {@code maint}
     * @param weight  HAProxy's user weight ({@code srv_uweight}), the daemon's agent weight
     * @param traffic the weight new connections see: HAProxy's user weight while running and ready,
     *                else 0; the daemon's effective weight
     */
    record View(String health, String admin, int weight, int traffic) {
        private static final int MAINT_FLAGS = 0x01 | 0x02 | 0x04 | 0x20 | 0x40;
        private static final int DRAIN_FLAGS = 0x08 | 0x10;

        static View of(HaproxyRuntime.Server s) {
            String health = s.opState() == 2 ? "up" : s.opState() == 0 ? "down" : "op" + s.opState();
            String admin = (s.adminState() & MAINT_FLAGS) != 0 ? "maint"
                    : (s.adminState() & DRAIN_FLAGS) != 0 ? "drain" : "ready";
            boolean serves = s.opState() == 2 && s.adminState() == 0;
            return new View(health, admin, s.userWeight(), serves ? s.userWeight() : 0);
        }

        static View of(MemberSnapshot m, int configured) {
            // HAProxy stops a server it puts in maintenance: its operational state reads stopped.
            String health = m.agent().maint() || m.agent().health() == AgentHealth.DOWN ? "down" : "up";
            String admin = m.agent().maint() ? "maint" : m.agent().drain() || m.operatorDrain() ? "drain" : "ready";
            return new View(health, admin, m.agent().agentWeight(configured), MemberWeight.of(m, configured).effective());
        }

        @Override
        public String toString() {
            return health + " " + admin + " " + weight + " " + traffic;
        }
    }

    /** The differences the daemon makes on purpose (docs/lbd.md). */
    enum Intended {
        /**
         * The daemon keeps an operator's drain apart from the agent's admin state: the agent's
         * {@code ready} does not lift it and the operator's enable does not lift the agent's drain
         * or maint, and an operator's drain does not replace the agent's maint, where HAProxy keeps
         * one admin state that either side sets and clears.
         */
        OPERATOR_DRAIN_APART {
            @Override
            boolean explains(View haproxy, View daemon) {
                // The daemon's admin state is the stricter one, so it only ever holds traffic back.
                return !daemon.admin().equals("ready") && !daemon.admin().equals(haproxy.admin())
                        && daemon.traffic() == 0 && haproxy.weight() == daemon.weight()
                        && (haproxy.health().equals(daemon.health()) || daemon.admin().equals("maint"));
            }
        };

        abstract boolean explains(View haproxy, View daemon);
    }

    /** One line of the sequence table, and what each step settled to on both sides. */
    static final class Sequence {
        private final int index;
        private final String name;
        private final int weight;
        private final List<ReplyStep> steps;
        private final Intended intended;
        private final List<View[]> seen = new ArrayList<>();

        private Sequence(int index, String name, int weight, List<ReplyStep> steps, Intended intended) {
            this.index = index;
            this.name = name;
            this.weight = weight;
            this.steps = steps;
            this.intended = intended;
        }

        static List<Sequence> load() throws IOException {
            List<Sequence> all = new ArrayList<>();
            try (InputStream in = AgentGrammarDifferentialIT.class.getResourceAsStream("agent-grammar-sequences.txt")) {
                if (in == null) {
                    throw new IOException("agent-grammar-sequences.txt: not on the test class path");
                }
                for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                    if (line.isBlank() || line.startsWith("#")) {
                        continue;
                    }
                    String[] f = line.split("\\|");
                    if (f.length != 4) {
                        throw new IOException("sequence: " + line + " (expected: name | weight | steps | intended)");
                    }
                    List<ReplyStep> steps = new ArrayList<>();
                    for (String step : f[2].split(";")) {
                        steps.add(ReplyStep.parse(step.replace("\\x3b", ";")));
                    }
                    String intended = f[3].strip();
                    all.add(new Sequence(all.size(), f[0].strip(), Integer.parseInt(f[1].strip()), steps,
                            intended.equals("-") ? null : Intended.valueOf(intended)));
                }
            }
            return all;
        }

        String key() {
            return "s" + index;
        }

        int weight() {
            return weight;
        }

        List<ReplyStep> steps() {
            return steps;
        }

        /** What the agent does from the start: the first step, or an empty line before an operator step. */
        ScriptedAgent.Behaviour firstBehaviour() {
            ReplyStep first = steps.get(0);
            return first.isOperator() ? ReplyStep.parse("'\\n'").behaviour() : first.behaviour();
        }

        void record(int step, View haproxy, View daemon) {
            seen.add(new View[] {haproxy, daemon});
        }

        /** Empty when every step agreed (or differed only as intended, and did so at least once). */
        Optional<String> verdict() {
            boolean intendedSeen = false;
            for (int k = 0; k < seen.size(); k++) {
                View h = seen.get(k)[0];
                View d = seen.get(k)[1];
                if (h.equals(d)) {
                    continue;
                }
                if (intended != null && intended.explains(h, d)) {
                    intendedSeen = true;
                    continue;
                }
                return Optional.of(name + ": after step " + (k + 1) + " HAProxy " + h + " but daemon " + d);
            }
            if (intended != null && !intendedSeen) {
                return Optional.of(name + ": the intended difference " + intended
                        + " did not show (update docs/lbd.md and the table)");
            }
            return Optional.empty();
        }

        String describe() {
            StringBuilder out = new StringBuilder(String.format("%-36s", name));
            for (int k = 0; k < seen.size() && k < steps.size(); k++) {
                View h = seen.get(k)[0];
                View d = seen.get(k)[1];
                out.append(" | ").append(steps.get(k).text()).append(" -> ").append(h);
                if (!h.equals(d)) {
                    out.append(" / daemon ").append(d);
                }
            }
            verdict().ifPresent(v -> out.append("  <-- DIFFERS"));
            if (intended != null && verdict().isEmpty()) {
                out.append("  (intended: ").append(intended).append(')');
            }
            return out.toString();
        }
    }
}
