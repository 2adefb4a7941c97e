package io.rxhealth.agent;

import io.rxhealth.weighting.ApplicationRooms;

/**
 * The agent's rooms as its sources draw them: the root package only wires (nothing in src/main
 * names it), and no two packages name each other, so each room can be read from the ones below
 * it. Read from the source text, imports and qualified names alike.
 */
class PackageGraphTest extends ApplicationRooms {
    PackageGraphTest() {
        super("io.rxhealth.agent", ".cli", ".status", ".state", ".loop");
    }
}
