package io.rxhealth.checks.failure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class FailureWordsTest {
    static Stream<Arguments> failures() {
        return Stream.of(
                Arguments.of(new NoSuchFileException("/srv/rx"), "no such file or directory: /srv/rx"),
                Arguments.of(new NoSuchFileException("/srv/rx (expected: an existing path)"),
                        "no such file or directory: /srv/rx (expected: an existing path)"),
                Arguments.of(new AccessDeniedException("/var/lib/x", null, "permission denied"),
                        "permission denied: /var/lib/x"),
                Arguments.of(new AccessDeniedException("/var/lib/x"), "permission denied: /var/lib/x"),
                Arguments.of(new NotDirectoryException("/etc/passwd"), "not a directory: /etc/passwd"),
                Arguments.of(new FileSystemException("/mnt", null, "Read-only file system"),
                        "Read-only file system: /mnt"),
                Arguments.of(new FileSystemException("/a", "/b", "Device busy"), "Device busy: /a -> /b"),
                Arguments.of(new UnknownHostException("db.example"), "unknown host db.example"),
                Arguments.of(new UnknownHostException(), "unknown host"),
                Arguments.of(new ConnectException("Connection refused"), "connection refused"),
                Arguments.of(new ConnectException(), "connection refused"),
                Arguments.of(new ConnectException("Network is unreachable"), "Network is unreachable"),
                Arguments.of(new NoRouteToHostException("No route to host (Host unreachable)"), "no route to host"),
                Arguments.of(new SocketTimeoutException("Read timed out"), "timed out: Read timed out"),
                Arguments.of(new SocketTimeoutException(), "timed out"),
                Arguments.of(new HttpTimeoutException("request timed out"), "timed out: request timed out"),
                Arguments.of(new TimeoutException(), "timed out"),
                Arguments.of(new EOFException(), "connection closed before the answer ended"),
                Arguments.of(new SSLHandshakeException("PKIX path building failed"), "TLS: PKIX path building failed"),
                Arguments.of(new IOException("disk\nbroke\r\n  again"), "disk broke again"),
                Arguments.of(new IllegalStateException("pool closed"), "pool closed"),
                Arguments.of(new NullPointerException(), "internal error (null pointer)"),
                Arguments.of(new IllegalStateException(), "internal error (illegal state)"),
                Arguments.of(new StackOverflowError(), "internal error (stack overflow)"),
                Arguments.of(new IOException("  "), "I/O error"),
                Arguments.of(new UncheckedIOException(new NoSuchFileException("/x")), "no such file or directory: /x"),
                Arguments.of(new ExecutionException(new ConnectException()), "connection refused"),
                Arguments.of(new CompletionException(new EOFException()), "connection closed before the answer ended"));
    }

    @ParameterizedTest
    @MethodSource("failures")
    void saysWhatFailedInWords(Throwable failure, String words) {
        assertThat(FailureWords.of(failure)).isEqualTo(words).doesNotContain("Exception");
    }
}
