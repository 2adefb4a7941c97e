package io.rxhealth.ovs.outage;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SwitchHealthTest {
    /** Times in seconds of ticker time. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                                  | up    | since | returned | outages | check       | at | up after | since after | returned after | outages after
        holding stays up                            | true  | 0     | 0        | 0       | HOLDS       | 5  | true     | 0           | 0              | 0
        unreachable takes it down                   | true  | 0     | 0        | 0       | UNREACHABLE | 5  | false    | 5           | 0              | 1
        a lost pipeline takes it down               | true  | 0     | 0        | 0       | LOST        | 5  | false    | 5           | 0              | 1
        still unreachable stays down from the first | false | 5     | 0        | 1       | UNREACHABLE | 6  | false    | 5           | 0              | 1
        unreachable then lost is one outage         | false | 5     | 0        | 1       | LOST        | 7  | false    | 5           | 0              | 1
        holding again brings it back                | false | 5     | 0        | 1       | HOLDS       | 8  | true     | 8           | 8              | 1
        a second outage counts again                | true  | 8     | 8        | 1       | UNREACHABLE | 20 | false    | 20          | 8              | 2
        """)
    void followsTheChecks(String scenario, boolean up, long since, long returned, long outages, SwitchCheck check,
                          long at, boolean upAfter, long sinceAfter, long returnedAfter, long outagesAfter) {
        SwitchHealth before = new SwitchHealth(up, s(since), s(returned), outages);

        assertThat(before.after(check, s(at))).as(scenario)
                .isEqualTo(new SwitchHealth(upAfter, s(sinceAfter), s(returnedAfter), outagesAfter));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                                            | up    | returned | opened | frozen
        up, never down: a failure counts                      | true  | 0        | 3      | false
        down: every failure is the switch's                   | false | 0        | 3      | true
        down: even one opened long before                     | false | 8        | 1      | true
        back: a probe opened before the return does not count | true  | 8        | 7      | true
        back: one opened at the return counts                 | true  | 8        | 8      | false
        back: one opened after the return counts              | true  | 8        | 9      | false
        """)
    void freezesWhatCrossedTheSwitchWhileItWasDown(String scenario, boolean up, long returned, long opened,
                                                   boolean frozen) {
        SwitchHealth health = new SwitchHealth(up, s(returned), s(returned), 1);

        assertThat(health.freezes(s(opened))).as(scenario).isEqualTo(frozen);
    }

    @org.junit.jupiter.api.Test
    void startsUpWithNothingFrozen() {
        SwitchHealth health = SwitchHealth.initial(s(1));

        assertThat(health.up()).isTrue();
        assertThat(health.freezes(s(1))).isFalse();
        assertThat(health.outages()).isZero();
    }

    /** Ticker nanos of {@code seconds}, from an origin near the end of the long range: the comparisons must wrap. */
    private static long s(long seconds) {
        return Long.MAX_VALUE - 10_000_000_000L + seconds * 1_000_000_000L;
    }
}
