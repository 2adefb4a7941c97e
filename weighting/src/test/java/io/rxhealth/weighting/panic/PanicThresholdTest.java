package io.rxhealth.weighting.panic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PanicThresholdTest {
    /** {@code up E of C}: probe-up at effective weight E, configured C; {@code down of C}; {@code out of C}. */
    private static final Pattern MEMBER = Pattern.compile("(up (\\d+)|down|out) of (\\d+)");

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                                   | members                                                | threshold | panic | share  | weights
        all healthy                                  | up 100 of 100; up 100 of 100; up 100 of 100            | 50        | false | 1.0    | 100 100 100
        one of two probe-down: exactly at 50%        | up 100 of 100; down of 100                             | 50        | false | 0.5    | 100 0
        one weight point below 50%                   | up 99 of 100; down of 100                              | 50        | true  | 0.495  | 100 0
        exactly at 33%                               | up 99 of 100; down of 100; down of 100                 | 33        | false | 0.33   | 99 0 0
        one point below 33%                          | up 98 of 100; down of 100; down of 100                 | 33        | true  | 0.3267 | 100 0 0
        just above 33%                               | up 100 of 100; up 1 of 100; down of 100                | 33        | false | 0.3367 | 100 1 0
        every agent down, probes up                  | up 0 of 100; up 0 of 100; up 0 of 100                  | 50        | true  | 0.0    | 100 100 100
        every agent reduced to 25% (CPU starvation)  | up 25 of 100; up 25 of 100; up 25 of 100; up 25 of 100 | 50        | true  | 0.25   | 100 100 100 100
        every agent reduced to 60%                   | up 60 of 100; up 60 of 100                             | 50        | false | 0.6    | 60 60
        mixed configured weights                     | up 0 of 200; up 100 of 100; down of 100                | 50        | true  | 0.25   | 200 100 0
        probe-down members stay out in panic         | up 10 of 100; down of 100; down of 100                 | 50        | true  | 0.0333 | 100 0 0
        every member probe-down stays fail-close     | down of 100; down of 100; down of 100                  | 50        | true  | 0.0    | 0 0 0
        every member drained                         | out of 100; out of 100                                 | 50        | false | ''     | 0 0
        drained members leave the denominator        | up 100 of 100; out of 100; out of 100                  | 50        | false | 1.0    | 100 0 0
        drained and probe-down                       | up 100 of 100; down of 100; out of 100; out of 100     | 50        | false | 0.5    | 100 0 0 0
        drained members stay out in panic            | up 0 of 100; up 0 of 100; out of 100                   | 50        | true  | 0.0    | 100 100 0
        every configured weight 0                    | up 0 of 0; up 0 of 0                                   | 50        | false | ''     | 0 0
        weight 0 stays 0 in panic                    | up 0 of 0; up 0 of 100                                 | 50        | true  | 0.0    | 0 100
        single member healthy                        | up 100 of 100                                          | 50        | false | 1.0    | 100
        single member reduced to 0 by its agent      | up 0 of 100                                            | 50        | true  | 0.0    | 100
        single member reduced to half                | up 50 of 100                                           | 50        | false | 0.5    | 50
        single member probe-down                     | down of 100                                            | 50        | true  | 0.0    | 0
        single member drained                        | out of 100                                             | 50        | false | ''     | 0
        threshold 0 disables panic                   | up 0 of 100; up 0 of 100                               | 0         | false | 0.0    | 0 0
        threshold 0, reduced                         | up 10 of 100; down of 100                              | 0         | false | 0.05   | 10 0
        threshold 100: any reduction is panic        | up 99 of 100; up 100 of 100                            | 100       | true  | 0.995  | 100 100
        threshold 100 at full health                 | up 100 of 100; up 100 of 100                           | 100       | false | 1.0    | 100 100
        agent over 100% raises the share             | up 150 of 100; down of 100                             | 50        | false | 0.75   | 150 0
        over 100% returns to configured in panic     | up 150 of 100; down of 100; down of 100; down of 100   | 50        | true  | 0.375  | 100 0 0 0
        no members                                   | ''                                                     | 50        | false | ''     | ''
        """)
    void decidesPanicAndWeights(String scenario, String members, int threshold, boolean panic, String share,
                                String weights) {
        PanicDecision d = new PanicThreshold(threshold).decide(members(members));

        assertThat(d.panic()).as(scenario).isEqualTo(panic);
        if (share.isEmpty()) {
            assertThat(d.healthyShare()).as(scenario).isEmpty();
        } else {
            assertThat(d.healthyShare()).as(scenario).isPresent();
            assertThat(d.healthyShare().getAsDouble()).as(scenario).isCloseTo(Double.parseDouble(share), within(1e-4));
        }
        assertThat(d.weights()).as(scenario).isEqualTo(ints(weights));
    }

    @Test
    void countsHealthyAndConfiguredWeight() {
        PanicDecision d = PanicThreshold.DEFAULT.decide(List.of(MemberStanding.up(200, 50), MemberStanding.probeDown(100),
                MemberStanding.operatorOut(100)));
        assertThat(d.healthyWeight()).isEqualTo(50);
        assertThat(d.countedWeight()).isEqualTo(300);
    }

    @Test
    void defaultIsEnvoysFiftyPercent() {
        assertThat(PanicThreshold.DEFAULT.percent()).isEqualTo(50);
        assertThat(PanicThreshold.DISABLED.disabled()).isTrue();
        assertThat(PanicThreshold.DEFAULT.disabled()).isFalse();
        assertThat(PanicThreshold.DEFAULT).hasToString("50%");
    }

    @Test
    void rejectsAThresholdOutsideZeroToHundred() {
        assertThatThrownBy(() -> new PanicThreshold(101)).hasMessage("panic threshold: 101% (expected: 0%..100%)");
        assertThatThrownBy(() -> new PanicThreshold(-1)).hasMessage("panic threshold: -1% (expected: 0%..100%)");
    }

    @Test
    void rejectsWeightOnAMemberThatIsNotProbeUp() {
        assertThatThrownBy(() -> new MemberStanding(Standing.PROBE_DOWN, 100, 50))
                .hasMessage("effectiveWeight: 50 of a PROBE_DOWN member (expected: 0)");
        assertThatThrownBy(() -> MemberStanding.up(-1, 0)).hasMessage("configuredWeight: -1 (expected: >= 0)");
        assertThatThrownBy(() -> MemberStanding.up(100, -1)).hasMessage("effectiveWeight: -1 (expected: >= 0)");
    }

    private static List<MemberStanding> members(String text) {
        List<MemberStanding> members = new ArrayList<>();
        if (text.isEmpty()) {
            return members;
        }
        for (String part : text.split(";")) {
            Matcher m = MEMBER.matcher(part.trim());
            if (!m.matches()) {
                throw new IllegalArgumentException("member: '" + part + "' (expected: up E of C, down of C or out of C)");
            }
            int configured = Integer.parseInt(m.group(3));
            if (m.group(2) != null) {
                members.add(MemberStanding.up(configured, Integer.parseInt(m.group(2))));
            } else if (m.group(1).equals("down")) {
                members.add(MemberStanding.probeDown(configured));
            } else {
                members.add(MemberStanding.operatorOut(configured));
            }
        }
        return members;
    }

    private static List<Integer> ints(String text) {
        return text.isEmpty() ? List.of() : Arrays.stream(text.trim().split(" +")).map(Integer::valueOf).toList();
    }
}
