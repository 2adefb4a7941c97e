package io.rxhealth.ovs.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SourceAddressTest {
    private final AtomicLong now = new AtomicLong(1_000);
    private final List<String> lookups = new ArrayList<>();
    private InetAddress current;
    private final SourceAddresses sources = new SourceAddresses(now::get);

    private SourceAddress hcif() {
        return SourceAddress.forInterface("hcif-p1", now::get, name -> {
            lookups.add(name);
            if (current == null) {
                throw new IOException("source interface " + name + ": not found");
            }
            return current;
        });
    }

    @Test
    void looksAnInterfaceUpAgainOnlyOnceItsLastLookupIsASecondOld() throws Exception {
        current = InetAddress.getByName("10.20.0.253");
        SourceAddress source = hcif();

        assertThat(source.resolve()).isEqualTo(current);
        now.addAndGet(999_999_999);
        current = InetAddress.getByName("10.20.0.252");
        assertThat(source.resolve()).isEqualTo(InetAddress.getByName("10.20.0.253"));
        now.addAndGet(1);
        assertThat(source.resolve()).isEqualTo(InetAddress.getByName("10.20.0.252"));
        assertThat(lookups).hasSize(2);
    }

    @Test
    void remembersAMissingInterfaceForASecondThenSeesItComeUp() throws Exception {
        SourceAddress source = hcif();

        assertThatThrownBy(source::resolve).isInstanceOf(IOException.class)
                .hasMessage("source interface hcif-p1: not found");
        current = InetAddress.getByName("10.20.0.253");
        assertThatThrownBy(source::resolve).hasMessage("source interface hcif-p1: not found");
        now.addAndGet(1_000_000_000);
        assertThat(source.resolve()).isEqualTo(current);
        assertThat(lookups).hasSize(2);
    }

    @Test
    void membersNamingOneInterfaceShareOneSource() {
        assertThat(sources.of(Optional.of("rxhsame0"))).isSameAs(sources.of(Optional.of("rxhsame0")));
        assertThat(sources.of(Optional.of("rxhsame0"))).isNotSameAs(sources.of(Optional.of("rxhsame1")));
    }

    @Test
    void aLiteralOrNothingNeedsNoLookup() throws Exception {
        assertThat(sources.of(Optional.of("127.0.0.2")).resolve()).isEqualTo(InetAddress.getByName("127.0.0.2"));
        assertThat(sources.of(Optional.empty()).resolve()).isNull();
        assertThat(sources.of(Optional.empty())).hasToString("any");
    }

    @Test
    void refusesALiteralThatIsNotAnAddress() {
        assertThatThrownBy(() -> sources.of(Optional.of("10.20.0.999")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("source: 10.20.0.999 (expected: an IPv4 address)");
    }
}
