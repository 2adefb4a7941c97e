package io.rxhealth.ovs.config;

import static io.rxhealth.ovs.config.ConfigValues.duration;
import static io.rxhealth.ovs.config.ConfigValues.error;
import static io.rxhealth.ovs.config.ConfigValues.require;

import io.rxhealth.ovs.config.RawConfig.RawFleet;
import io.rxhealth.ovs.fleet.ovsdb.OvsdbRemote;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/** Validates the {@code fleet:} section. */
final class FleetSection {
    static final Duration DEFAULT_HEARTBEAT = Duration.ofSeconds(1);
    static final Duration DEFAULT_LIVENESS = Duration.ofSeconds(5);
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,62}");

    private FleetSection() {
    }

    static Optional<FleetConfig> validate(RawFleet raw) {
        if (raw == null) {
            return Optional.empty();
        }
        String node = require("fleet.node", raw.node(), "this LB node's name in the fleet, e.g. lb-1");
        if (!NAME.matcher(node).matches()) {
            throw error("fleet.node", node, "letters, digits, '.', '_' or '-', at most 63");
        }
        List<String> remotes = require("fleet.remotes", raw.remotes(), "the OVSDB cluster's members, e.g. [tcp:10.0.0.1:6641]");
        if (remotes.isEmpty()) {
            throw error("fleet.remotes", "[]", "at least one member of the OVSDB cluster");
        }
        var seen = new HashSet<String>();
        for (int i = 0; i < remotes.size(); i++) {
            try {
                new OvsdbRemote(remotes.get(i));
            } catch (IllegalArgumentException e) {
                throw error("fleet.remotes[" + i + "]", remotes.get(i), "unix:PATH or tcp:HOST:PORT");
            }
            if (!seen.add(remotes.get(i))) {
                throw error("fleet.remotes[" + i + "]", remotes.get(i), "each member once");
            }
        }
        Duration heartbeat = duration("fleet.heartbeat", raw.heartbeat(), DEFAULT_HEARTBEAT);
        Duration liveness = duration("fleet.liveness-timeout", raw.livenessTimeout(), DEFAULT_LIVENESS);
        if (liveness.compareTo(heartbeat.multipliedBy(2)) < 0) {
            // One late heartbeat must not make a node dead.
            throw error("fleet.liveness-timeout", raw.livenessTimeout(), "at least twice fleet.heartbeat ("
                    + ConfigValues.text(heartbeat) + ")");
        }
        return Optional.of(new FleetConfig(node, remotes, heartbeat, liveness));
    }
}
