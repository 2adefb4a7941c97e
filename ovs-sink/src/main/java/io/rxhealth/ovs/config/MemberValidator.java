package io.rxhealth.ovs.config;

import static io.rxhealth.ovs.config.ConfigValues.error;
import static io.rxhealth.ovs.config.ConfigValues.isIpv4;
import static io.rxhealth.ovs.config.ConfigValues.port;
import static io.rxhealth.ovs.config.ConfigValues.require;

import io.rxhealth.ovs.config.RawConfig.RawMember;
import io.rxhealth.ovs.config.RawConfig.RawProbe;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/** Validates one pool member and its probe, applying defaults. */
final class MemberValidator {
    static final int DEFAULT_AGENT_PORT = 9505;
    static final int DEFAULT_WEIGHT = 100;

    MemberConfig member(String at, RawMember raw) {
        if (raw == null) {
            throw error(at, "null", "a member mapping");
        }
        String address = require(at + ".address", raw.address(), "an IPv4 address");
        if (!isIpv4(address)) {
            throw error(at + ".address", address, "an IPv4 address");
        }
        int port = port(at + ".port", require(at + ".port", raw.port(), "a port 1..65535"));
        int weight = raw.weight() == null ? DEFAULT_WEIGHT : raw.weight();
        if (weight < 0 || weight > 256) {
            throw error(at + ".weight", weight, "0..256");
        }
        boolean agent = raw.agent() == null || raw.agent();
        if (!agent && (raw.agentPort() != null || raw.agentSend() != null)) {
            throw error(at + ".agent", false, "true when agent-port or agent-send is set");
        }
        OptionalInt agentPort = agent
                ? OptionalInt.of(port(at + ".agent-port", raw.agentPort() == null ? DEFAULT_AGENT_PORT : raw.agentPort()))
                : OptionalInt.empty();
        String agentSend = raw.agentSend() == null ? "" : raw.agentSend();
        ProbeConfig probe = probe(at + ".probe", raw.probe(), port);
        Optional<String> source = Optional.ofNullable(raw.source());
        if (source.isPresent() && !isIpv4(source.get()) && !source.get().matches("[A-Za-z0-9_.:@-]{1,15}")) {
            throw error(at + ".source", source.get(), "an IPv4 address or an interface name");
        }
        return new MemberConfig(address, port, weight, agentPort, agentSend, probe, source);
    }

    private ProbeConfig probe(String at, RawProbe raw, int memberPort) {
        if (raw == null) {
            return new ProbeConfig(ProbeKind.HTTP, memberPort, "/healthz");
        }
        ProbeKind kind;
        String k = raw.kind() == null ? "http" : raw.kind();
        try {
            kind = ProbeKind.valueOf(k.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw error(at + ".kind", k, "http or tcp");
        }
        int port = port(at + ".port", raw.port() == null ? memberPort : raw.port());
        String path = raw.path() == null ? "/healthz" : raw.path();
        if (kind == ProbeKind.TCP && raw.path() != null) {
            throw error(at + ".path", path, "no path for a tcp probe");
        }
        if (!path.startsWith("/") || path.chars().anyMatch(c -> c <= ' ' || c >= 127)) {
            throw error(at + ".path", path, "an absolute path of printable ASCII without spaces");
        }
        return new ProbeConfig(kind, port, path);
    }
}
