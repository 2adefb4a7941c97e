package io.rxhealth.checks.postgres;

import java.io.EOFException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;
import javax.net.ssl.SSLException;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * Words for a failed probe, as an operator reads them in the 9505 reason and {@code /status}:
 * which stage failed and why, never a Java class name. Pure: the stage, the error and the probe's
 * settings in, one line out.
 */
final class Failures {
    private Failures() {
    }

    /** What the probe was asked to do, as far as the wording needs it. */
    record Context(String user, String database, PostgresUrl url, Duration timeout) {
    }

    /** The probe's deadline passed while it was in {@code stage}. */
    static String timeout(Stage stage, Duration timeout) {
        String tail = stage == Stage.LOGIN ? " (the server accepted the connection but did not answer)" : "";
        return stage.label() + " timeout after " + timeout.toMillis() + " ms" + tail;
    }

    /** A probe that failed in {@code stage} with {@code error} before its deadline. */
    static String describe(Stage stage, Throwable error, Context ctx) {
        if (error instanceof SQLException sql && sql.getSQLState() != null) {
            String byState = byState(stage, sql, ctx);
            if (byState != null) {
                return byState;
            }
        }
        for (Throwable t = error; t != null; t = t.getCause()) {
            String byCause = byCause(stage, t, ctx);
            if (byCause != null) {
                return byCause;
            }
        }
        return stage.label() + " failed: " + message(error);
    }

    private static String byState(Stage stage, SQLException e, Context ctx) {
        String state = e.getSQLState();
        switch (state) {
            case "28P01":
                return "auth failed for user " + ctx.user();
            case "28000":
                return server(e).toLowerCase(Locale.ROOT).contains("pg_hba.conf")
                        ? "auth failed for user " + ctx.user() + " (no pg_hba.conf entry allows it)"
                        : "auth failed for user " + ctx.user();
            case "3D000":
                return "database " + ctx.database() + " does not exist";
            case "57P03":
                return "server is starting up or shutting down";
            case "53300":
                return "server has no connection slot left (too many connections)";
            case "08004":
                return "server rejected the connection: " + message(e);
            default:
                break;
        }
        if (state.startsWith("28")) {
            return "auth failed for user " + ctx.user() + ": " + message(e);
        }
        String text = e.getMessage() == null ? "" : e.getMessage();
        if (text.contains("targetServerType")) {
            return "no server of type " + ctx.url().targetServerType() + " among " + hosts(ctx.url());
        }
        if (text.startsWith("Connection attempt timed out")) {
            return timeout(Stage.LOGIN, ctx.timeout());
        }
        if (stage == Stage.QUERY || stage == Stage.ROLE) {
            if (e instanceof PSQLException p && p.getServerErrorMessage() != null) {
                return stage.label() + " failed: " + message(e) + " (SQLSTATE " + state + ")";
            }
        }
        return null;
    }

    private static String byCause(Stage stage, Throwable t, Context ctx) {
        if (t instanceof UnknownHostException) {
            return "cannot resolve host " + (t.getMessage() == null ? hosts(ctx.url()) : t.getMessage());
        }
        if (t instanceof SocketTimeoutException) {
            return timeout(stage == Stage.RESOLVE ? Stage.CONNECT : stage, ctx.timeout());
        }
        if (t instanceof ConnectException) {
            return "connection refused by " + hosts(ctx.url());
        }
        if (t instanceof NoRouteToHostException) {
            return "no route to " + hosts(ctx.url());
        }
        if (t instanceof SSLException) {
            return "TLS failed: " + message(t);
        }
        if (t instanceof EOFException || t instanceof SocketException) {
            return "server closed the connection during " + stage.label();
        }
        return null;
    }

    private static String hosts(PostgresUrl url) {
        return String.join(", ", url.hosts().stream().map(PostgresUrl.HostPort::toString).toList());
    }

    private static String server(SQLException e) {
        if (e instanceof PSQLException p) {
            ServerErrorMessage m = p.getServerErrorMessage();
            if (m != null && m.getMessage() != null) {
                return m.getMessage();
            }
        }
        return e.getMessage() == null ? "" : e.getMessage();
    }

    /** The server's own words when there are any, else the driver's; one line, no class name. */
    private static String message(Throwable t) {
        String text = t instanceof SQLException sql ? server(sql) : t.getMessage();
        if (text == null || text.isBlank()) {
            return "no detail";
        }
        return text.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
    }
}
