package io.rxhealth.ovs.health;

import io.rxhealth.ovs.config.MemberConfig;
import io.rxhealth.ovs.config.ProbeConfig;
import java.net.InetSocketAddress;
import java.time.Duration;

/** Builds the liveness probe a member's configuration asks for. */
public final class Probes {
    private Probes() {
    }

    public static LivenessProbe of(MemberConfig member, Duration timeout) {
        ProbeConfig probe = member.probe();
        // An IPv4 literal: no name resolution happens.
        InetSocketAddress target = new InetSocketAddress(member.address(), probe.port());
        SourceAddress source = SourceAddress.of(member.source());
        return switch (probe.kind()) {
            case HTTP -> new HttpProbe(target, probe.path(), source, timeout);
            case TCP -> new TcpProbe(target, source, timeout);
        };
    }
}
