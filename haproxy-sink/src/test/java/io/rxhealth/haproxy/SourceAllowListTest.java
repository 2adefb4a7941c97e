package io.rxhealth.haproxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SourceAllowListTest {
    @ParameterizedTest(name = "{0} from {2}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario               | entries                    | source       | allowed
        no list                  | ''                         | 192.0.2.7    | true
        exact address            | 10.0.0.5                   | 10.0.0.5     | true
        other address            | 10.0.0.5                   | 10.0.0.6     | false
        inside a /24             | 10.0.1.0/24                | 10.0.1.200   | true
        outside a /24            | 10.0.1.0/24                | 10.0.2.1     | false
        second entry matches     | 10.0.0.5,127.0.0.1         | 127.0.0.1    | true
        /32 is one address       | 127.0.0.1/32               | 127.0.0.2    | false
        /0 is everyone           | 0.0.0.0/0                  | 203.0.113.9  | true
        IPv6 range               | fd00::/64                  | fd00::1      | true
        IPv6 outside             | fd00::/64                  | fd01::1      | false
        IPv4 rule, IPv6 source   | 10.0.0.0/8                 | ::1          | false
        """)
    void matchesSources(String scenario, String entries, String source, boolean allowed) {
        var list = SourceAllowList.parse(entries.isEmpty() ? List.of() : Arrays.asList(entries.split(",")));

        assertThat(list.allows(new InetSocketAddress(source, 1234))).as(scenario).isEqualTo(allowed);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario          | entry           | index
        host name           | haproxy-1       | 0
        prefix too long     | 10.0.0.0/33     | 0
        IPv6 prefix too long| fd00::/129      | 0
        empty prefix        | 10.0.0.0/       | 0
        negative prefix     | 10.0.0.0/-1     | 0
        not an address      | 10.0.0.256      | 0
        empty               | ''              | 0
        """)
    void rejectsWhatIsNotAnAddressOrRange(String scenario, String entry, int index) {
        assertThatThrownBy(() -> SourceAllowList.parse(List.of(entry)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("[" + index + "]: '" + entry + "' (expected: an IP address or CIDR range such as "
                        + "10.0.0.5, 10.0.1.0/24 or fd00::/64)");
    }

    @org.junit.jupiter.api.Test
    void namesTheIndexOfTheBadEntry() {
        assertThatThrownBy(() -> SourceAllowList.parse(List.of("10.0.0.1", "10.0.0.0/40")))
                .hasMessageStartingWith("[1]: '10.0.0.0/40' ");
    }
}
