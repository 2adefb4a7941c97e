package io.rxhealth.ovs;

import static java.util.Objects.requireNonNull;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rxhealth.ovs.api.ApiServer;
import io.rxhealth.ovs.api.NodeOperations;
import io.rxhealth.ovs.cli.NodeFactory;
import io.rxhealth.ovs.config.Intervals;
import io.rxhealth.ovs.config.LbConfig;
import io.rxhealth.ovs.config.MemberConfig;
import io.rxhealth.ovs.config.PoolConfig;
import io.rxhealth.ovs.fleet.FleetMetrics;
import io.rxhealth.ovs.fleet.FleetRuntime;
import io.rxhealth.ovs.fleet.FleetStatus;
import io.rxhealth.ovs.fleet.FleetWiring;
import io.rxhealth.ovs.fleet.ovsdb.OvsdbException;
import io.rxhealth.ovs.flow.BundleSlotWriter;
import io.rxhealth.ovs.flow.MoveStyle;
import io.rxhealth.ovs.health.AgentPoller;
import io.rxhealth.ovs.health.AgentTarget;
import io.rxhealth.ovs.health.ConntrackBudget;
import io.rxhealth.ovs.health.ConntrackLimits;
import io.rxhealth.ovs.health.ProbeScheduler;
import io.rxhealth.ovs.health.ProbeTarget;
import io.rxhealth.ovs.health.Probes;
import io.rxhealth.ovs.health.SourceAddresses;
import io.rxhealth.ovs.neigh.IpNeighbourSource;
import io.rxhealth.ovs.neigh.NeighbourReport;
import io.rxhealth.ovs.neigh.NeighbourSource;
import io.rxhealth.ovs.openflow.OfctlSwitch;
import io.rxhealth.ovs.openflow.OpenFlowSwitch;
import io.rxhealth.ovs.outage.SwitchReport;
import io.rxhealth.ovs.outage.SwitchWatch;
import io.rxhealth.ovs.pipeline.OvsTools;
import io.rxhealth.ovs.pool.DrainEffect;
import io.rxhealth.ovs.pool.FirstRound;
import io.rxhealth.ovs.pool.LbMetrics;
import io.rxhealth.ovs.pool.MemberChanges;
import io.rxhealth.ovs.pool.MemberRuntime;
import io.rxhealth.ovs.pool.MemberSnapshot;
import io.rxhealth.ovs.pool.PoolController;
import io.rxhealth.ovs.pool.PoolReport;
import io.rxhealth.ovs.pool.PoolTables;
import io.rxhealth.ovs.pool.ReconcileLoop;
import io.rxhealth.ovs.process.CommandRunner;
import io.rxhealth.ovs.slots.MemberSpec;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.ovs.slots.SlotTableWriter;
import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
/**
 * The LB-node daemon, wired by hand: one runtime per member key (a member in two pools is probed
 * and polled once), probes, the agent poller, the pool controller and its loop, the HTTP API.
 */
public final class LbNode implements NodeOperations, NodeFactory.Node {
    private static final Logger log = LoggerFactory.getLogger(LbNode.class);
    /** Past the first round's spread and timeout, how long a start waits for the last first probes and polls. */
    private static final Duration FIRST_ROUND_SLACK = Duration.ofSeconds(10);
    /** How long a starting node in a fleet waits for the database's tables before it installs its own. */
    private static final Duration FLEET_START = Duration.ofSeconds(10);

    private final LbConfig config;
    private final PrometheusMeterRegistry registry;
    private final Map<String, MemberRuntime> members = new LinkedHashMap<>();
    /** Handed on by a reload, like the members: an interface's last lookup stays good for its TTL. */
    private final SourceAddresses sources;
    private final PoolController controller;
    private final ReconcileLoop loop;
    private final ProbeScheduler probes;
    private final AgentPoller poller;
    private final ApiServer api;
    private final SlotTableWriter writer;
    private final DataPlane dataPlane;
    private final OvsTools tools;
    /** The node's own switch as the health checks see it: its outages freeze the probe failures through it. */
    private final SwitchWatch switchWatch;
    /** This node's part in a fleet; null for a node alone (no {@code fleet:} section). */
    private final FleetRuntime fleet;
    /** Before the first apply: a fleet node without a topology takes what table 11 holds as installed. */
    private final Runnable adoptHeldTables;

    /** Runs ovs-ofctl, ovs-appctl and ip as child processes. */
    public LbNode(LbConfig config, SlotTableWriter writer, PrometheusMeterRegistry registry, InstantSource clock,
                  Ticker ticker) throws IOException {
        this(config, writer, registry, clock, ticker, null);
    }

    /**
     * A node that continues {@code previous} (closed already: a reload): members that stay keep
     * their probe, agent and drain state, pools that stay keep their installed tables.
     */
    public LbNode(LbConfig config, SlotTableWriter writer, PrometheusMeterRegistry registry, InstantSource clock,
                  Ticker ticker, LbNode previous) throws IOException {
        this(config, writer, CommandRunner.processes(),
                new IpNeighbourSource(CommandRunner.processes(), Duration.ofSeconds(5)), registry, clock, ticker,
                previous);
    }

    public LbNode(LbConfig config, SlotTableWriter writer, CommandRunner ovs, NeighbourSource neighbours,
                  PrometheusMeterRegistry registry, InstantSource clock, Ticker ticker) throws IOException {
        this(config, writer, ovs, neighbours, registry, clock, ticker, null);
    }

    /**
     * @param writer     installs slot tables into table 11
     * @param ovs        runs ovs-ofctl and ovs-appctl for the pipeline and the operator commands
     * @param neighbours reads the kernel's neighbour tables (used with a topology only)
     */
    public LbNode(LbConfig config, SlotTableWriter writer, CommandRunner ovs, NeighbourSource neighbours,
                  PrometheusMeterRegistry registry, InstantSource clock, Ticker ticker, LbNode previous)
            throws IOException {
        this.config = requireNonNull(config, "config");
        this.registry = requireNonNull(registry, "registry");
        Intervals iv = config.intervals();
        this.sources = previous == null ? new SourceAddresses(ticker) : previous.sources;
        LbMetrics metrics = new LbMetrics(registry);
        MemberChanges changed = new MemberChanges();
        // Only a node with a topology checks its switch (the pipeline keeper); without one it stays up.
        this.switchWatch = new SwitchWatch(config.pipeline().isPresent(), HealthWiring.switchEdges(members), registry,
                ticker, clock);
        List<ProbeTarget> probeTargets = new ArrayList<>();
        List<AgentTarget> targets = new ArrayList<>();
        for (PoolConfig pool : config.pools()) {
            for (MemberConfig m : pool.members()) {
                if (members.containsKey(m.key())) {
                    continue;
                }
                MemberSnapshot initial = MemberSnapshot.initial(iv.rise(), iv.fall(), m.agentPort().isPresent());
                MemberRuntime before = previous == null ? null : previous.members.get(m.key());
                if (before != null && previous.config.intervals().rise() == iv.rise()
                        && previous.config.intervals().fall() == iv.fall()
                        && before.snapshot().agentEnabled() == m.agentPort().isPresent()) {
                    initial = before.snapshot();
                }
                members.put(m.key(), new MemberRuntime(m.key(), initial, changed, metrics, clock, switchWatch::freezes));
                probeTargets.add(Probes.of(m, sources));
                if (m.agentPort().isPresent()) {
                    // HAProxy polls agents from the server's source too: same hc address as the probes.
                    targets.add(new AgentTarget(m.key(), new InetSocketAddress(m.address(), m.agentPort().getAsInt()),
                            sources.of(m.source()), m.agentSend()));
                }
            }
        }
        List<PoolSpec> specs = config.pools().stream().map(PoolConfig::spec).toList();
        OpenFlowSwitch bridge = new OfctlSwitch(config.openflow(), ovs);
        this.writer = writer;
        this.dataPlane = config.pipeline().<DataPlane>map(p -> PipelineDataPlane.of(p, iv, writer, bridge, neighbours,
                registry, clock, ticker, switchWatch)).orElseGet(() -> new SlotsOnlyDataPlane(writer));
        this.tools = new OvsTools(bridge, config.bridge(), config.appctl(), ovs);
        this.fleet = config.fleet().map(f -> new FleetRuntime(f.node(), f.remotes(), f.heartbeat(), f.livenessTimeout(),
                FleetWiring.pools(config.pools()), key -> FleetWiring.observe(f.node(), members.get(key).snapshot(), clock),
                changed, ticker, clock)).orElse(null);
        this.controller = new PoolController(specs, config.panicThresholds(), members, dataPlane.writer(), metrics, clock,
                fleet == null ? PoolTables.LOCAL : FleetWiring.tables(fleet));
        if (previous != null) {
            controller.adopt(previous.controller);
        }
        // With a topology the whole pipeline is applied at start in one bundle anyway.
        this.adoptHeldTables = fleet != null && previous == null && config.pipeline().isEmpty()
                ? () -> HeldTables.adopt(controller, specs, new BundleSlotWriter(bridge, MoveStyle.REPLACE, ticker))
                : () -> { };
        this.loop = new ReconcileLoop(controller, iv.reconcile(), iv.agent());
        // Nothing signals before start(): the probes, the poller and the fleet's client run from there.
        changed.subscribe(loop::request);
        if (fleet != null) {
            // A change of this node's view goes to the fleet's database at once, not at the next heartbeat.
            changed.subscribe(fleet::request);
        }
        // probe-timeout <= probe, so a member never has two probes open: room for one per member.
        this.probes = new ProbeScheduler(probeTargets, iv.probe(), iv.probeTimeout(), Math.max(1, probeTargets.size()),
                HealthWiring.probes(members), HealthWiring.startLag(registry, "probe"), ticker);
        this.poller = new AgentPoller(targets, iv.agent(), iv.agentTimeout(), config.agentConcurrency(),
                HealthWiring.agentReplies(members), HealthWiring.startLag(registry, "agent"), ticker);
        metrics.gauge("rxhealth_lbd_agent_polls_in_flight", "Agent polls open now", Map.of(), poller, AgentPoller::inFlight);
        for (PoolSpec spec : specs) {
            for (MemberSpec m : spec.members()) {
                Map<String, String> tags = Map.of("pool", spec.name(), "member", m.key());
                metrics.gauge("rxhealth_lbd_member_slots", "Slots the member holds in the installed table", tags,
                        () -> controller.slotsHeld(spec.id(), m.key()));
            }
        }
        if (fleet != null) {
            FleetMetrics.register(metrics, fleet, specs.stream().map(PoolSpec::name).toList());
        }
        InetSocketAddress listen = new InetSocketAddress(config.api().getHostString(), config.api().getPort());
        try {
            this.api = new ApiServer(listen, this);
        } catch (IOException e) {
            loop.close();
            probes.close();
            poller.close();
            dataPlane.close();
            if (fleet != null) {
                fleet.close();
            }
            writer.close();
            throw new IOException("api " + config.api().getHostString() + ":" + config.api().getPort()
                    + ": cannot listen (" + e.getMessage() + ")", e);
        }
    }

    /**
     * Probes every member and polls every agent once, installs the first tables (with a topology:
     * reads the members' MACs first, and then installs the whole pipeline with those tables), then
     * starts the schedules and the API: the first layout is built from what the members say now.
     */
    public void start() throws InterruptedException, IOException {
        Intervals iv = config.intervals();
        logConntrackBudget();
        poller.start();
        probes.start();
        // Each first exchange ends within its timeout of its connect; the slack is for a host too
        // busy to open them on time. A member left unprobed would go into the first table as down.
        Duration probeWait = probes.firstRound().plus(iv.probeTimeout()).plus(FIRST_ROUND_SLACK);
        if (!probes.awaitFirstRound(probeWait)) {
            log.warn("not every member was probed within {}; starting anyway", probeWait);
        }
        Duration pollWait = poller.firstRound().plus(iv.agentTimeout()).plus(FIRST_ROUND_SLACK);
        if (!poller.awaitFirstRound(pollWait)) {
            log.warn("not every agent answered or failed within {}; starting anyway", pollWait);
        }
        log.info(FirstRound.summary(members.values()));
        if (fleet != null) {
            fleet.start();
            if (!fleet.awaitFirstRound(FLEET_START)) {
                log.warn("fleet: no cluster member in contact with the majority within {}; installing this node's own"
                        + " layout until one is", FLEET_START);
            }
        }
        adoptHeldTables.run();
        dataPlane.beforeFirstApply();
        loop.reconcileNow(false);
        dataPlane.afterFirstApply();
        loop.start();
        dataPlane.start();
        api.start();
        log.info("rx-health-lbd: {} pools, {} members, API on {}:{}", config.pools().size(), members.size(),
                api.address().getHostString(), api.address().getPort());
    }

    /** Says once, at start, how much of the host's conntrack table the health checks will take. */
    private void logConntrackBudget() {
        try {
            ConntrackLimits.read(ConntrackLimits.PROC).ifPresent(limits -> {
                var budget = new ConntrackBudget(ConntrackBudget.connectionsPerSecond(config), limits);
                if (budget.tight()) {
                    log.warn(budget.line());
                } else {
                    log.info(budget.line());
                }
            });
        } catch (IOException e) {
            log.warn("conntrack: cannot read the table size ({})", e.getMessage());
        }
    }

    /** Where the API listens (the bound port when the configuration asked for port 0). */
    public InetSocketAddress apiAddress() {
        return api.address();
    }

    @Override
    public List<PoolReport> report() {
        return controller.report();
    }

    @Override
    public List<PoolReport> slotReport() {
        return controller.report(true);
    }

    @Override
    public boolean hasMember(String key) {
        return members.containsKey(key);
    }

    @Override
    public List<DrainEffect> drainEffects(String key) {
        return controller.drainEffects(key);
    }

    @Override
    public boolean drain(String key) {
        fleetOperatorState(key, true);
        return member(key).setOperatorDrain(true);
    }

    @Override
    public boolean enable(String key) {
        fleetOperatorState(key, false);
        return member(key).setOperatorDrain(false);
    }

    /** In a fleet, a drain or enable typed here is written for every node, in every pool of the member. */
    private void fleetOperatorState(String key, boolean drained) {
        if (fleet == null) {
            return;
        }
        member(key);
        for (PoolConfig pool : config.pools()) {
            if (pool.members().stream().anyMatch(m -> m.key().equals(key))) {
                try {
                    fleet.operatorState(pool.name(), key, drained, "api");
                } catch (OvsdbException e) {
                    throw new IllegalStateException("fleet: the " + (drained ? "drain" : "enable") + " of " + key
                            + " cannot reach the cluster (" + e.getMessage() + "); nothing changed", e);
                }
            }
        }
    }

    @Override
    public Optional<SwitchReport> switchReport() {
        return Optional.of(switchWatch.report());
    }

    @Override
    public Optional<FleetStatus> fleet() {
        return Optional.ofNullable(fleet).map(FleetRuntime::status);
    }

    /**
     * Without a topology: every pool's table is replaced in full. With one: the whole pipeline is
     * re-applied in one bundle with the tables the controller believes installed and the MACs known
     * now, then the controller applies whatever changed since (usually nothing).
     */
    @Override
    public boolean reapply() throws InterruptedException {
        log.info("forced re-apply requested");
        return dataPlane.reapply(loop::reconcileNow);
    }

    @Override
    public List<NeighbourReport> neighbours() {
        return dataPlane.neighbours();
    }

    @Override
    public String flows(OptionalInt table) throws Exception {
        return tools.flows(table);
    }

    @Override
    public String trace(String inPort, String flow) throws Exception {
        return tools.trace(inPort, flow);
    }

    @Override
    public String fdb() throws Exception {
        return tools.fdb();
    }

    @Override
    public String conntrack() throws Exception {
        return tools.conntrack();
    }

    @Override
    public String scrape() {
        return registry.scrape();
    }

    private MemberRuntime member(String key) {
        MemberRuntime m = members.get(key);
        if (m == null) {
            throw new IllegalArgumentException("member: " + key + " (expected: address:port of a configured member)");
        }
        return m;
    }

    @Override
    public void close() {
        log.info("rx-health-lbd: stopping");
        api.close();
        dataPlane.close();
        loop.close();
        probes.close();
        poller.close();
        if (fleet != null) {
            fleet.close();
        }
        // Last: the loop's final apply may still be using it.
        writer.close();
    }
}
