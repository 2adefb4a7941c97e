package io.rxhealth.ovs.slots;

import static java.util.Objects.requireNonNull;

/**
 * A configured pool member as a slot-table writer sees it.
 *
 * @param key              {@code address:port}, the owner names a {@code SlotTable} uses
 * @param id               1-based position of the member in its pool's key order; stable for a
 *                         given configuration, 0 is never used (a register value meaning "none")
 * @param address          the member's IPv4 address (DNAT target)
 * @param port             the member's service port (DNAT target)
 * @param configuredWeight the weight from the configuration, 0..256
 */
public record MemberSpec(String key, int id, String address, int port, int configuredWeight) {
    public MemberSpec {
        requireNonNull(key, "key");
        requireNonNull(address, "address");
        if (id < 1) {
            throw new IllegalArgumentException("id: " + id + " of " + key + " (expected: >= 1)");
        }
    }
}
