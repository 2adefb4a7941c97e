package io.rxhealth.ovs;

import io.rxhealth.ovs.config.ConfigLoader;
import io.rxhealth.ovs.config.LbConfig;
import io.rxhealth.ovs.fake.FakeAgent;
import io.rxhealth.ovs.flow.OvsSandbox;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Three members on loopback (127.0.0.N, N+1, N+2: a TCP probe target and a fake agent each) behind
 * a daemon that owns the whole pipeline: the topology file (a public segment with the VIP, the
 * loopback segment with one port per member and the health-check port) and the daemon's config
 * for one pool of them on a sandboxed switch. Shared by the pipeline ITs, which differ only in
 * what the agents say, the addresses and the intervals.
 */
final class ThreeMemberTopology implements AutoCloseable {
    final List<FakeTcpTarget> targets = new ArrayList<>();
    final List<FakeAgent> agents = new ArrayList<>();
    /** The members' keys, address:port, in member order. */
    final List<String> keys = new ArrayList<>();
    private final StringBuilder members = new StringBuilder();
    private final StringBuilder ports = new StringBuilder();

    /** One member per reply, the first on 127.0.0.{@code firstOctet}. */
    static ThreeMemberTopology start(int firstOctet, List<String> replies) throws IOException {
        ThreeMemberTopology t = new ThreeMemberTopology();
        try {
            for (int i = 0; i < replies.size(); i++) {
                InetAddress address = InetAddress.getByName("127.0.0." + (firstOctet + i));
                FakeTcpTarget target = new FakeTcpTarget(address);
                t.targets.add(target);
                FakeAgent agent = new FakeAgent(replies.get(i), address);
                t.agents.add(agent);
                t.keys.add(address.getHostAddress() + ":" + target.port());
                t.members.append("      - {address: ").append(address.getHostAddress()).append(", port: ")
                        .append(target.port()).append(", agent-port: ").append(agent.port())
                        .append(", probe: {kind: tcp}, source: 127.0.0.1}\n");
                t.ports.append("      - {name: rxhbe").append(i).append(", ofport: ").append(10 + i)
                        .append(", address: ").append(address.getHostAddress()).append("}\n");
            }
            return t;
        } catch (IOException | RuntimeException e) {
            t.close();
            throw e;
        }
    }

    /**
     * Writes {@code dir/topology.yaml} and returns the daemon's config for pool {@code pool} of
     * {@code slots} slots with the VIP 192.168.5.21:80 on the sandbox's switch, with the given
     * {@code intervals:} mapping (YAML flow style).
     */
    LbConfig config(OvsSandbox ovs, Path dir, int pool, int slots, String intervals) throws IOException {
        Path topology = dir.resolve("topology.yaml");
        Files.writeString(topology, """
            segments:
              - name: pub
                kind: public
                prefix: 192.168.5.0/24
                mac: 02:42:c0:a8:05:14
                address: 192.168.5.20
                ports: [{name: rxhpub0, ofport: 1}]
              - name: lo
                kind: private
                prefix: 127.0.0.0/24
                mac: 02:42:7f:00:00:01
                address: 127.0.0.1
                ports:
            %s    hc: [{name: rxhhc0, ofport: 4, address: 127.0.0.253, mac: 02:42:7f:00:00:fd}]
            pools:
              - {id: %d, slots: %d, members: [%s]}
            listeners:
              - {vip: 192.168.5.21, port: 80, pool: %d}
            """.formatted(ports, pool, slots, String.join(", ", keys), pool));
        return new ConfigLoader().parse("""
            openflow: %s
            api: 127.0.0.1:0
            topology: %s
            appctl: %s
            intervals: %s
            pools:
              - id: %d
                name: web
                listener: 192.168.5.21:80
                slots: %d
                members:
            """.formatted(ovs.target(), topology, ovs.dir().resolve("vswitchd.ctl"), intervals, pool, slots)
                + members);
    }

    @Override
    public void close() throws IOException {
        for (FakeAgent a : agents) {
            a.close();
        }
        for (FakeTcpTarget t : targets) {
            t.close();
        }
    }
}
