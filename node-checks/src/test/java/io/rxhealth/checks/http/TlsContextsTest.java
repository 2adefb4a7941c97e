package io.rxhealth.checks.http;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TlsContextsTest {

    @Test
    void namesAMissingCaFile(@TempDir Path dir) {
        Path missing = dir.resolve("rxh-missing.pem");
        assertThatThrownBy(() -> TlsContexts.trusting(missing))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("caFile: '" + missing + "' (expected: a readable PEM file with at least one certificate; ")
                .hasMessageNotContaining("\n");
    }

    @Test
    void namesACaFileWithoutCertificates(@TempDir Path dir) throws Exception {
        Path empty = Files.writeString(dir.resolve("rxh-empty.pem"), "");
        assertThatThrownBy(() -> TlsContexts.trusting(empty))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("caFile: '" + empty + "' (expected: a readable PEM file with at least one certificate; "
                        + "no certificate in it)");
    }

    @Test
    void namesACaFileThatIsNotPem(@TempDir Path dir) throws Exception {
        Path junk = Files.writeString(dir.resolve("rxh-junk.pem"), "-----BEGIN CERTIFICATE-----\nnot base64!\n-----END CERTIFICATE-----\n");
        assertThatThrownBy(() -> TlsContexts.trusting(junk))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("caFile: '" + junk + "' (expected: a readable PEM file with at least one certificate; ")
                .hasMessageNotContaining("\n");
    }
}
