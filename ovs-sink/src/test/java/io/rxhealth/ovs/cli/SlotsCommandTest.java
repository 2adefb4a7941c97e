package io.rxhealth.ovs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.ovs.fleet.FleetStatus;
import io.rxhealth.ovs.pool.MemberReport;
import io.rxhealth.ovs.pool.PoolReport;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SlotsCommandTest {
    private static final List<PoolReport> POOLS = List.of(new PoolReport(1, "web", "192.168.5.21:80", 1024,
            "0ce8469feb906301d94b52538d57fb4e5a7870c00d12ee3a4f326cf494070988", "2026-11-30T12:00:00Z", 295, 1,
            "java.io.IOException: bundle failed", false, false, 1.0, 50, List.of(
                    new MemberReport("10.20.0.2:8080", "up", "UP", "HTTP 200", "up 50%", "up 50%",
                            "2026-11-30T12:00:00Z", null, 0, 100, 50, 50, false, 341, 1.0 / 3, 1024.0 / 3,
                            341 - 1024.0 / 3, 120, 9600, false),
                    new MemberReport("10.20.0.3:8080", "up", "UP 1/3", "HTTP 503", "up 100%", "up 100%",
                            "2026-11-30T12:00:00Z", null, 0, 100, 100, 100, false, 683, 2.0 / 3, 2048.0 / 3,
                            683 - 2048.0 / 3, 250, 20000, false),
                    new MemberReport("10.30.0.2:8080", "drain (operator)", "UP", "HTTP 200", "off", null, null,
                            "timeout: no reply within the timeout", 4, 100, 100, 0, true, 0, 0, 0, 0, -1, -1, false)), 2));

    @Test
    void rendersTheWeightAwareSlotReport() {
        assertThat(SlotsCommand.render(POOLS)).isEqualTo("""
            POOL  MEMBER          VERDICT           AGENT    AGENT W  EFFECTIVE W  SHARE  SLOTS  QUOTA  DEVIATION  PACKETS  BYTES
            web   10.20.0.2:8080  up                up 50%        50           50  33.3%    341  341.3       -0.3  120      9600
            web   10.20.0.3:8080  up                up 100%      100          100  66.7%    683  682.7       +0.3  250      20000
            web   10.30.0.2:8080  drain (operator)  off          100            0   0.0%      0    0.0       +0.0  -        -

            pool web (id 1, 192.168.5.21:80, 1024 slots)
              digest       0ce8469feb906301d94b52538d57fb4e5a7870c00d12ee3a4f326cf494070988
              last change  2026-11-30T12:00:00Z (295 slots moved)
              last error   java.io.IOException: bundle failed (1 failed applies)
            """);
    }

    @Test
    void namesAPoolInPanicOnItsLine() {
        PoolReport panic = new PoolReport(1, "web", "192.168.5.21:80", 1024, null, null, 0, 0, null, false, true,
                0.05, 50, List.of(), 2);

        assertThat(SlotsCommand.render(List.of(panic))).contains("pool web (id 1, 192.168.5.21:80, 1024 slots): PANIC,"
                + " healthy share 5.0% below 50%, probe-up members at their configured weight\n");
    }

    @Test
    void rendersMemberHealth() {
        assertThat(HealthCommand.render(POOLS)).isEqualTo("""
            POOL  MEMBER          VERDICT           PROBE   AGENT    LAST REPLY  AGENT ERROR                           WEIGHT  EFFECTIVE  DRAIN
            web   10.20.0.2:8080  up                UP      up 50%   'up 50%'    -                                        100         50  no
            web   10.20.0.3:8080  up                UP 1/3  up 100%  'up 100%'   -                                        100        100  no
            web   10.30.0.2:8080  drain (operator)  UP      off      -           timeout: no reply within the timeout     100          0  operator
            """);
    }

    @Test
    void notesZeroSlotMembersAndADashForAnAbsentListener() {
        PoolReport pool = new PoolReport(1, "web", null, 3, null, null, 0, 0, null, false, false, 1.0, 50, List.of(
                new MemberReport("10.20.0.2:8080", "up", "UP", "HTTP 200", "off", null, null, null, 0, 1, 100, 1,
                        false, 0, 1.0 / 513, 3.0 / 513, -3.0 / 513, -1, -1, true),
                new MemberReport("10.20.0.3:8080", "up", "UP", "HTTP 200", "off", null, null, null, 0, 256, 100, 256,
                        false, 3, 512.0 / 513, 1536.0 / 513, 3 - 1536.0 / 513, -1, -1, false)), 2);

        assertThat(SlotsCommand.render(List.of(pool)))
                .contains("pool web (id 1, -, 3 slots)\n")
                .contains("  zero slots   10.20.0.2:8080 (positive weight, share below one slot: no traffic)\n")
                .doesNotContain("null");
    }

    private static final FleetStatus FLEET = new FleetStatus("lb-1", false, "unix:/run/rx-health/fleet.sock",
            Set.of("lb-0", "lb-1", "lb-2"), 2, Set.of(), List.of(new FleetStatus.PoolAgreement("web", 7, "d7", "lb-0",
                    false, 1.0, Map.of("lb-0", "d7", "lb-1", "d7", "lb-2", "d6"), 1, List.of(
                    new FleetStatus.MemberView("10.20.0.2:8080", "up", 2, 3, "up 50%", false, 50, 50, List.of("lb-1")),
                    new FleetStatus.MemberView("10.30.0.2:8080", "drain (operator)", 3, 3, "up 100%", true, 0, 0,
                            List.of())))),
            3, 1, Map.of("lb-0", 4L, "lb-1", 9L), Map.of());

    @Test
    void aFleetNodesHealthShowsTheQuorumsViewOfEachMember() {
        assertThat(HealthCommand.render(List.of(), Optional.of(FLEET))).endsWith("""

            fleet: node lb-1 through unix:/run/rx-health/fleet.sock; live nodes lb-0, lb-1, lb-2 (a member's state needs 2 of them); replication lag up to 9 ms
            POOL  MEMBER          FLEET VERDICT     PROBE UP  AGENT    OPERATOR  WEIGHT  TABLE W  PROBE DOWN ON
            web   10.20.0.2:8080  up                2/3       up 50%   no            50       50  lb-1
            web   10.30.0.2:8080  drain (operator)  3/3       up 100%  drained        0        0  -
            """);
    }

    @Test
    void aFleetNodesSlotsShowEachNodesInstalledDigestAgainstTheDatabases() {
        assertThat(SlotsCommand.render(List.of(), Optional.of(FLEET))).endsWith("""

            fleet: node lb-1 through unix:/run/rx-health/fleet.sock; live nodes lb-0, lb-1, lb-2 (a member's state needs 2 of them); replication lag up to 9 ms
            fleet pool web: table version 7, digest d7, computed by lb-0; 1 of 3 nodes installed another digest; this node's probes see 1 member(s) otherwise than the quorum
            POOL  NODE  INSTALLED  AGREES
            web   lb-0  d7         yes
            web   lb-1  d7         yes
            web   lb-2  d6         NO
            """);
    }

    @Test
    void aNodeCutOffFromTheClusterSaysSo() {
        var cut = new FleetStatus("lb-2", true, "", Set.of(), 1, Set.of("api"), List.of(), 0, 0, Map.of(), Map.of());
        assertThat(HealthCommand.render(List.of(), Optional.of(cut))).contains("""
            fleet: node lb-2 CUT OFF from the cluster majority: fail-static, keeping the last tables and writing nothing
            fleet: this node's configuration describes pools api otherwise than the database: it installs their tables without computing them
            """);
    }
}
