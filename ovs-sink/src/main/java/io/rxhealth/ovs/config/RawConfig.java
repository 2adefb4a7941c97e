package io.rxhealth.ovs.config;

import java.util.List;

/** The configuration file as written: boxed fields, {@code null} when a key is absent. */
record RawConfig(String openflow, String api, RawIntervals intervals, Integer agentConcurrency,
                 List<RawPool> pools, String topology, String appctl, RawFleet fleet) {

    record RawFleet(String node, List<String> remotes, String heartbeat, String livenessTimeout) {
    }

    record RawIntervals(String probe, String probeTimeout, Integer fall, Integer rise, String agent,
                        String agentTimeout, String reconcile, String pipeline, String neigh) {
    }

    record RawPool(Integer id, String name, String listener, Integer slots, String panicThreshold,
                   List<RawMember> members) {
    }

    record RawMember(String address, Integer port, Integer weight, Boolean agent, Integer agentPort,
                     String agentSend, RawProbe probe, String source) {
    }

    record RawProbe(String kind, Integer port, String path) {
    }
}
