package io.rxhealth.ovs;

import io.rxhealth.weighting.ApplicationRooms;

/** The LB daemon's rooms (docs/design.md, "The LB daemon's rooms"): the root only wires, no cycles. */
class PackageGraphTest extends ApplicationRooms {
    PackageGraphTest() {
        super("io.rxhealth.ovs", ".slots", ".openflow", ".process", ".pipeline", ".pool", ".flow", ".health",
                ".neigh", ".api", ".cli", ".config", ".fleet", ".fleet.ovsdb", ".threads", ".logging");
    }
}
