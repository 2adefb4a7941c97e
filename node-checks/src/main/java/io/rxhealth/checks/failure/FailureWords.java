package io.rxhealth.checks.failure;

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
import java.util.Locale;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;

/**
 * A failure in the words an operator reads, never a Java class name: the detail of a check ends
 * up in the 9505 reason HAProxy shows on its stats page and in its log, where
 * {@code NoSuchFileException: /srv} means nothing to the person on call.
 */
public final class FailureWords {
    private FailureWords() {
    }

    /** One line: what failed, with the thing it failed on where the exception names one. */
    public static String of(Throwable t) {
        if ((t instanceof UncheckedIOException || t instanceof ExecutionException || t instanceof CompletionException)
                && t.getCause() != null) {
            return of(t.getCause()); // wrappers say nothing of their own
        }
        String message = oneLine(t.getMessage());
        if (t instanceof NoSuchFileException e) {
            return withFile("no such file or directory", e, message);
        }
        if (t instanceof AccessDeniedException e) {
            return withFile("permission denied", e, message);
        }
        if (t instanceof NotDirectoryException e) {
            return withFile("not a directory", e, message);
        }
        if (t instanceof FileSystemException e && e.getReason() != null) {
            return withFile(oneLine(e.getReason()), e, message);
        }
        if (t instanceof UnknownHostException) {
            return message.isEmpty() ? "unknown host" : "unknown host " + message;
        }
        if (t instanceof ConnectException) {
            return message.isEmpty() || message.startsWith("Connection refused") ? "connection refused" : message;
        }
        if (t instanceof NoRouteToHostException) {
            return "no route to host";
        }
        if (t instanceof SocketTimeoutException || t instanceof HttpTimeoutException || t instanceof TimeoutException) {
            return message.isEmpty() ? "timed out" : "timed out: " + message;
        }
        if (t instanceof EOFException) {
            return message.isEmpty() ? "connection closed before the answer ended" : message;
        }
        if (t instanceof SSLException) {
            return "TLS: " + (message.isEmpty() ? "handshake failed" : message);
        }
        if (!message.isEmpty()) {
            return message;
        }
        if (t instanceof IOException) {
            return "I/O error";
        }
        // No message at all: the class is all there is; say it in words, not as an identifier.
        return "internal error (" + words(t.getClass().getSimpleName()) + ")";
    }

    private static String withFile(String what, FileSystemException e, String message) {
        if (e.getFile() == null) {
            return message.isEmpty() ? what : what + ": " + message;
        }
        String other = e.getOtherFile() == null ? "" : " -> " + e.getOtherFile();
        String reason = e.getReason() == null || oneLine(e.getReason()).equals(what) ? "" : ": " + oneLine(e.getReason());
        return what + ": " + oneLine(e.getFile()) + other + reason;
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
    }

    /** {@code NullPointerException} -> {@code null pointer}. */
    static String words(String simpleName) {
        String base = simpleName.replaceFirst("(Exception|Error)$", "");
        if (base.isEmpty()) {
            base = simpleName;
        }
        return base.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
    }
}
