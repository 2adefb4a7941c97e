package io.rxhealth.ovs.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConntrackLimitsTest {
    @TempDir
    Path dir;

    @Test
    void readsTheTableSizeAndTheTwoTimeouts() throws IOException {
        Files.writeString(dir.resolve("nf_conntrack_max"), "262144\n");
        Files.writeString(dir.resolve("nf_conntrack_tcp_timeout_close"), "10\n");
        Files.writeString(dir.resolve("nf_conntrack_tcp_timeout_syn_sent"), "120\n");

        assertThat(ConntrackLimits.read(dir)).contains(new ConntrackLimits(262144, 10, 120));
    }

    @Test
    void isEmptyWhenConntrackIsNotLoaded() throws IOException {
        assertThat(ConntrackLimits.read(dir)).isEqualTo(Optional.empty());
        Files.writeString(dir.resolve("nf_conntrack_max"), "262144\n");
        assertThat(ConntrackLimits.read(dir)).isEqualTo(Optional.empty());
    }

    @Test
    void namesTheFileAndTheValueThatIsNotANumber() throws IOException {
        Files.writeString(dir.resolve("nf_conntrack_max"), "lots\n");
        Files.writeString(dir.resolve("nf_conntrack_tcp_timeout_close"), "10\n");
        Files.writeString(dir.resolve("nf_conntrack_tcp_timeout_syn_sent"), "120\n");

        assertThatThrownBy(() -> ConntrackLimits.read(dir)).isInstanceOf(IOException.class)
                .hasMessage(dir.resolve("nf_conntrack_max") + ": \"lots\" (expected: a number)");
    }

    @Test
    void readsThisHostsSysctlsAsCatDoes() throws Exception {
        // The real /proc, whose sysctl files answer only a read from offset 0: either conntrack is
        // not loaded, or both values are what cat prints.
        Optional<ConntrackLimits> host = ConntrackLimits.read(ConntrackLimits.PROC);
        Path max = ConntrackLimits.PROC.resolve("nf_conntrack_max");
        if (Files.exists(max)) {
            assertThat(host).contains(new ConntrackLimits(Long.parseLong(cat(max)),
                    Long.parseLong(cat(ConntrackLimits.PROC.resolve("nf_conntrack_tcp_timeout_close"))),
                    Long.parseLong(cat(ConntrackLimits.PROC.resolve("nf_conntrack_tcp_timeout_syn_sent")))));
        } else {
            assertThat(host).isEmpty();
        }
    }

    private static String cat(Path file) throws Exception {
        Process p = new ProcessBuilder("cat", file.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        assertThat(p.waitFor()).as("cat %s: %s", file, out).isZero();
        return out;
    }
}
