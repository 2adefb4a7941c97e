package io.rxhealth.ovs.config;

import static io.rxhealth.ovs.config.ConfigValues.count;
import static io.rxhealth.ovs.config.ConfigValues.duration;
import static io.rxhealth.ovs.config.ConfigValues.error;
import static io.rxhealth.ovs.config.ConfigValues.hostPort;
import static io.rxhealth.ovs.config.ConfigValues.panicThreshold;
import static io.rxhealth.ovs.config.ConfigValues.require;
import static io.rxhealth.ovs.config.ConfigValues.text;

import io.rxhealth.ovs.config.RawConfig.RawIntervals;
import io.rxhealth.ovs.config.RawConfig.RawPool;
import io.rxhealth.weighting.maglev.Maglev;
import io.rxhealth.weighting.panic.PanicThreshold;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
/** Turns a {@link RawConfig} into a {@link LbConfig}, applying defaults and rejecting bad values. */
final class ConfigValidator {
    static final String DEFAULT_API = "127.0.0.1:9111";
    static final int DEFAULT_CONCURRENCY = 2048;
    static final int MAX_SLOTS = 65_536;

    /** {@code base}: the directory a relative {@code topology} path is resolved against (the config file's). */
    LbConfig validate(RawConfig raw, Path base) {
        String openflow = require("openflow", raw.openflow(), "an OpenFlow target such as unix:/run/openvswitch/br-lb.mgmt or a bridge name");
        if (openflow.isBlank() || openflow.chars().anyMatch(Character::isWhitespace)) {
            throw error("openflow", openflow, "an OpenFlow target or bridge name without spaces");
        }
        InetSocketAddress api = hostPort("api", raw.api() == null ? DEFAULT_API : raw.api(), true);
        if (!api.getHostString().startsWith("127.")) {
            // Anyone who reaches the API can drain members: it has no authentication.
            throw error("api", raw.api(), "a loopback address 127.x.x.x:port (the API has no authentication)");
        }
        Intervals intervals = intervals(raw.intervals());
        int concurrency = raw.agentConcurrency() == null ? DEFAULT_CONCURRENCY : raw.agentConcurrency();
        if (concurrency < 1 || concurrency > 65_536) {
            throw error("agent-concurrency", concurrency, "1..65536");
        }
        if (raw.pools() == null || raw.pools().isEmpty()) {
            throw error("pools", raw.pools() == null ? "absent" : "[]", "at least one pool");
        }
        List<PoolConfig> pools = new ArrayList<>();
        Set<Integer> ids = new HashSet<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < raw.pools().size(); i++) {
            PoolConfig pool = pool("pools[" + i + "]", raw.pools().get(i));
            if (!ids.add(pool.id())) {
                throw error("pools[" + i + "].id", pool.id(), "unique among pools");
            }
            if (!names.add(pool.name())) {
                throw error("pools[" + i + "].name", pool.name(), "unique among pools");
            }
            pools.add(pool);
        }
        checkSharedMembers(pools);
        Optional<PipelineConfig> pipeline = raw.topology() == null ? Optional.empty()
                : Optional.of(TopologyMatch.read(raw.topology(), base, pools));
        Optional<String> appctl = Optional.ofNullable(raw.appctl());
        if (appctl.isPresent() && (appctl.get().isBlank() || appctl.get().chars().anyMatch(Character::isWhitespace))) {
            throw error("appctl", appctl.get(), "the path of ovs-vswitchd's control socket, e.g. /run/openvswitch/ovs-vswitchd.123.ctl");
        }
        return new LbConfig(openflow, api, intervals, concurrency, pools, pipeline, appctl,
                FleetSection.validate(raw.fleet()));
    }

    /**
     * A member in several pools is probed and polled once, so its probe, agent and source must be
     * the same everywhere (its weight may differ per pool).
     */
    private static void checkSharedMembers(List<PoolConfig> pools) {
        Map<String, PoolConfig> firstPool = new HashMap<>();
        Map<String, MemberConfig> first = new HashMap<>();
        for (int p = 0; p < pools.size(); p++) {
            List<MemberConfig> members = pools.get(p).members();
            for (int i = 0; i < members.size(); i++) {
                MemberConfig m = members.get(i);
                MemberConfig seen = first.putIfAbsent(m.key(), m);
                if (seen == null) {
                    firstPool.put(m.key(), pools.get(p));
                } else if (!seen.agentPort().equals(m.agentPort()) || !seen.agentSend().equals(m.agentSend())
                        || !seen.probe().equals(m.probe()) || !seen.source().equals(m.source())) {
                    throw error("pools[" + p + "].members[" + i + "]", m.key(),
                            "the same probe, agent and source as in pool " + firstPool.get(m.key()).name());
                }
            }
        }
    }

    private Intervals intervals(RawIntervals raw) {
        Intervals d = Intervals.defaults();
        if (raw == null) {
            return d;
        }
        Duration probe = duration("intervals.probe", raw.probe(), d.probe());
        Duration probeTimeout = duration("intervals.probe-timeout", raw.probeTimeout(), d.probeTimeout());
        if (probeTimeout.compareTo(probe) > 0) {
            throw error("intervals.probe-timeout", text(probeTimeout), "<= intervals.probe (" + text(probe) + ")");
        }
        int fall = count("intervals.fall", raw.fall(), d.fall());
        int rise = count("intervals.rise", raw.rise(), d.rise());
        Duration agent = duration("intervals.agent", raw.agent(), d.agent());
        Duration agentTimeout = duration("intervals.agent-timeout", raw.agentTimeout(), d.agentTimeout());
        if (agentTimeout.compareTo(agent) > 0) {
            throw error("intervals.agent-timeout", text(agentTimeout), "<= intervals.agent (" + text(agent) + ")");
        }
        Duration reconcile = duration("intervals.reconcile", raw.reconcile(), d.reconcile());
        Duration pipeline = duration("intervals.pipeline", raw.pipeline(), d.pipeline());
        Duration neigh = duration("intervals.neigh", raw.neigh(), d.neigh());
        return new Intervals(probe, probeTimeout, fall, rise, agent, agentTimeout, reconcile, pipeline, neigh);
    }

    private PoolConfig pool(String at, RawPool raw) {
        if (raw == null) {
            throw error(at, "null", "a pool mapping");
        }
        int id = require(at + ".id", raw.id(), "an integer 1..65535");
        if (id < 1 || id > 65_535) {
            // The id is the multipath basis and goes into reg3 and the flow cookies: 16 bits, and
            // 0 would be indistinguishable from 'no pool' in the register (docs/ovs-table11.md).
            throw error(at + ".id", id, "1..65535");
        }
        String name = require(at + ".name", raw.name(), "a pool name");
        if (!name.matches("[A-Za-z0-9_.-]{1,64}")) {
            throw error(at + ".name", name, "1..64 of letters, digits, '_', '.', '-'");
        }
        String listener = require(at + ".listener", raw.listener(), "vip:port");
        InetSocketAddress vip = hostPort(at + ".listener", listener, false);
        int slots = raw.slots() == null ? Maglev.DEFAULT_SLOTS : raw.slots();
        try {
            Maglev.validateSlots(slots);
        } catch (IllegalArgumentException e) {
            throw error(at + ".slots", slots, "a power of two or a prime, >= 2");
        }
        if (slots > MAX_SLOTS) {
            throw error(at + ".slots", slots, "<= " + MAX_SLOTS);
        }
        // With a fleet the threshold goes into the pool's row: every node decides panic alike.
        PanicThreshold panic = panicThreshold(at + ".panic-threshold", raw.panicThreshold(), PanicThreshold.DEFAULT);
        if (raw.members() == null || raw.members().isEmpty()) {
            throw error(at + ".members", raw.members() == null ? "absent" : "[]", "at least one member");
        }
        List<MemberConfig> members = new ArrayList<>();
        Set<String> keys = new HashSet<>();
        for (int i = 0; i < raw.members().size(); i++) {
            String mat = at + ".members[" + i + "]";
            MemberConfig member = new MemberValidator().member(mat, raw.members().get(i));
            if (!keys.add(member.key())) {
                throw error(mat, member.key(), "address:port unique within the pool");
            }
            members.add(member);
        }
        return new PoolConfig(id, name, vip.getHostString(), vip.getPort(), slots, panic, members);
    }
}
