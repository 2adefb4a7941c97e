package io.rxhealth.ovs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.ovs.pool.MemberReport;
import io.rxhealth.ovs.pool.PoolReport;
import java.util.List;
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
}
