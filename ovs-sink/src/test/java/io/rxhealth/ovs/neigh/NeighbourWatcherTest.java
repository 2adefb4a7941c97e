package io.rxhealth.ovs.neigh;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.rxhealth.ovs.pipeline.Ipv4;
import io.rxhealth.ovs.pipeline.Mac;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NeighbourWatcherTest {
    private static final Ipv4 BE1 = Ipv4.parse("10.20.0.2", "test");
    private static final Ipv4 BE2 = Ipv4.parse("10.30.0.2", "test");
    private static final Ipv4 ORPHAN = Ipv4.parse("10.40.0.2", "test");

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final List<Map<Ipv4, Mac>> pushed = new ArrayList<>();
    private final List<String> reads = new ArrayList<>();
    private String p2 = "[]";
    private boolean p3Broken;
    private final NeighbourWatcher watcher = new NeighbourWatcher(
            Map.of(BE1, "hcif-p2", BE2, "hcif-p3", ORPHAN, NeighbourResolver.NO_DEVICE),
            dev -> {
                reads.add(dev);
                if (dev.equals("hcif-p3") && p3Broken) {
                    throw new IOException("ip: exit 1: Cannot find device \"hcif-p3\"");
                }
                return NeighbourParser.parse(dev.equals("hcif-p2") ? p2
                        : "[{\"dst\":\"10.30.0.2\",\"lladdr\":\"02:42:0a:1e:00:02\",\"state\":[\"REACHABLE\"]}]", dev);
            },
            pushed::add, registry, InstantSource.fixed(Instant.parse("2026-11-30T10:00:00Z")), Duration.ofSeconds(2));

    @Test
    void readsEachInterfaceOnceAndHandsOverEveryKnownMac() {
        p2 = "[{\"dst\":\"10.20.0.2\",\"lladdr\":\"02:42:0a:14:00:02\",\"state\":[\"STALE\"]}]";

        watcher.pollOnce();

        assertThat(reads).containsExactly("hcif-p2", "hcif-p3");
        assertThat(pushed).containsExactly(Map.of(BE1, new Mac("02:42:0a:14:00:02"), BE2, new Mac("02:42:0a:1e:00:02")));
        assertThat(watcher.view()).extracting(MemberNeighbour::origin)
                .containsExactly(Origin.KERNEL, Origin.KERNEL, Origin.UNRESOLVED);
        assertThat(registry.get("rxhealth_lbd_neighbour_changes").counter().count()).isEqualTo(2);
    }

    @Test
    void countsChangesOnlyAndKeepsMacsWhenTheKernelOrTheReadFails() {
        p2 = "[{\"dst\":\"10.20.0.2\",\"lladdr\":\"02:42:0a:14:00:02\",\"state\":[\"REACHABLE\"]}]";
        watcher.pollOnce();
        watcher.pollOnce();
        assertThat(registry.get("rxhealth_lbd_neighbour_changes").counter().count()).isEqualTo(2);

        p2 = "[{\"dst\":\"10.20.0.2\",\"state\":[\"FAILED\"]}]";
        p3Broken = true;
        watcher.pollOnce();

        assertThat(pushed.get(pushed.size() - 1)).isEqualTo(pushed.get(0));
        assertThat(watcher.view()).extracting(MemberNeighbour::origin)
                .containsExactly(Origin.LAST_KNOWN, Origin.LAST_KNOWN, Origin.UNRESOLVED);
        assertThat(watcher.view()).extracting(MemberNeighbour::state).containsExactly("FAILED", "UNREAD", "NO_HC_PORT");
        assertThat(registry.get("rxhealth_lbd_neighbour_read_failures").counter().count()).isEqualTo(1);

        p2 = "[{\"dst\":\"10.20.0.2\",\"lladdr\":\"02:42:0a:14:00:99\",\"state\":[\"REACHABLE\"]}]";
        watcher.pollOnce();
        assertThat(watcher.macs()).containsEntry(BE1, new Mac("02:42:0a:14:00:99"));
        assertThat(registry.get("rxhealth_lbd_neighbour_changes").counter().count()).isEqualTo(3);
    }
}
