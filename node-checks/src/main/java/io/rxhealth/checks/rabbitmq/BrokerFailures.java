package io.rxhealth.checks.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.AuthenticationFailureException;
import com.rabbitmq.client.Method;
import com.rabbitmq.client.PossibleAuthenticationFailureException;
import com.rabbitmq.client.ShutdownSignalException;
import java.io.EOFException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;

/**
 * Words for a broker failure as an operator reads them: what failed, never a Java class name. Pure.
 */
final class BrokerFailures {
    private BrokerFailures() {
    }

    /** Why connecting to {@code target} as {@code user} failed. */
    static String connect(Throwable error, String target, String user, Duration timeout) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof AuthenticationFailureException || t instanceof PossibleAuthenticationFailureException) {
                return "auth failed for user " + user;
            }
            if (t instanceof ConnectException) {
                return "connection refused by " + target;
            }
            if (t instanceof SocketTimeoutException || t instanceof TimeoutException) {
                return "connect timeout after " + Math.max(1, timeout.toMillis() / 4) + " ms (" + target + ")";
            }
            if (t instanceof UnknownHostException) {
                return "cannot resolve host " + t.getMessage();
            }
            if (t instanceof NoRouteToHostException) {
                return "no route to " + target;
            }
            if (t instanceof SSLException) {
                return "TLS failed: " + line(t.getMessage());
            }
            if (t instanceof ShutdownSignalException s) {
                return "broker refused the connection: " + reason(s);
            }
            if (t instanceof EOFException || t instanceof SocketException) {
                return "broker closed the connection during the handshake (" + target + ")";
            }
        }
        return "cannot connect to " + target + ": " + line(error.getMessage());
    }

    /** Why an established connection went away. */
    static String lost(ShutdownSignalException s) {
        if (s == null) {
            return "connection lost";
        }
        if (!s.isInitiatedByApplication()) {
            return "connection lost: " + reason(s);
        }
        return "connection closed: " + reason(s);
    }

    /** The broker's reply text of a close, or the cause's words. */
    static String reason(ShutdownSignalException s) {
        Method m = s.getReason();
        if (m instanceof AMQP.Connection.Close c) {
            return c.getReplyText() + " (" + c.getReplyCode() + ")";
        }
        if (m instanceof AMQP.Channel.Close c) {
            return c.getReplyText() + " (" + c.getReplyCode() + ")";
        }
        Throwable cause = s.getCause();
        if (cause instanceof EOFException || cause instanceof SocketException) {
            return "the broker closed the socket";
        }
        if (cause != null && cause.getMessage() != null) {
            return line(cause.getMessage());
        }
        return "no detail";
    }

    /** The 404 of a passive declare: the queue does not exist. */
    static boolean notFound(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof ShutdownSignalException s && s.getReason() instanceof AMQP.Channel.Close c) {
                return c.getReplyCode() == AMQP.NOT_FOUND;
            }
        }
        return false;
    }

    private static String line(String text) {
        return text == null || text.isBlank() ? "no detail" : text.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
    }
}
