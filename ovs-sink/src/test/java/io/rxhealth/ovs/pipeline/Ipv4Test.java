package io.rxhealth.ovs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Ipv4Test {
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
        10.20.0.2       | 0x0a140002
        192.168.5.21    | 0xc0a80515
        0.0.0.0         | 0x00000000
        255.255.255.255 | 0xffffffff
        """)
    void parsesAndPrints(String text, String hex) {
        Ipv4 address = Ipv4.parse(text, "a");
        assertThat(address.hex()).isEqualTo(hex);
        assertThat(address).hasToString(text);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
        10.20.0          | a: '10.20.0' (expected: an IPv4 address a.b.c.d)
        10.20.0.256      | a: '10.20.0.256' (expected: an IPv4 address a.b.c.d)
        10.020.0.1       | a: '10.020.0.1' (expected: an IPv4 address a.b.c.d)
        10.20.0.1.1      | a: '10.20.0.1.1' (expected: an IPv4 address a.b.c.d)
        10.20.-0.1       | a: '10.20.-0.1' (expected: an IPv4 address a.b.c.d)
        """)
    void rejectsWhatIsNoDottedQuad(String text, String message) {
        assertThatThrownBy(() -> Ipv4.parse(text, "a")).hasMessage(message);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
        10.20.0.0/24 | 10.20.0.255 | true
        10.20.0.0/24 | 10.20.1.0   | false
        0.0.0.0/0    | 1.2.3.4     | true
        10.20.0.2/32 | 10.20.0.2   | true
        10.20.0.2/32 | 10.20.0.3   | false
        """)
    void prefixesContainTheirHosts(String prefix, String address, boolean contained) {
        assertThat(Prefix.parse(prefix, "p").contains(Ipv4.parse(address, "a"))).isEqualTo(contained);
    }
}
