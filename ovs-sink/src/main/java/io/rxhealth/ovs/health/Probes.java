package io.rxhealth.ovs.health;

import io.rxhealth.ovs.config.MemberConfig;
import io.rxhealth.ovs.config.ProbeConfig;
import java.net.InetSocketAddress;

/** Builds the liveness probe a member's configuration asks for. */
public final class Probes {
    private Probes() {
    }

    /** {@code sources} gives the probe its local address. */
    public static ProbeTarget of(MemberConfig member, SourceAddresses sources) {
        ProbeConfig probe = member.probe();
        // An IPv4 literal: no name resolution happens.
        InetSocketAddress target = new InetSocketAddress(member.address(), probe.port());
        return new ProbeTarget(member.key(), target, sources.of(member.source()), probe.kind(), probe.path());
    }
}
