package io.rxhealth.checks.rabbitmq;

import io.rxhealth.checks.http.Finding;
import io.rxhealth.weighting.Level;
import java.net.ConnectException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Words for one answer of a management health check, as an operator reads them. Pure. Every
 * failure is WARN (a management check only lowers the weight); a 503 carries the broker's own
 * {@code reason} and, for alarms, the resources in alarm.
 */
final class ManagementReplies {
    private static final Pattern REASON = Pattern.compile("\"reason\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern RESOURCE = Pattern.compile("\"resource\"\\s*:\\s*\"([a-z_]+)\"");

    private ManagementReplies() {
    }

    /** An HTTP answer of {@code check}. */
    static Finding answer(String check, int status, String body, String user) {
        if (status == 200) {
            return new Finding(Level.OK, check);
        }
        if (status == 503) {
            return new Finding(Level.WARN, "management " + check + ": " + reason(body));
        }
        if (status == 401 || status == 403) {
            return new Finding(Level.WARN, "management API refused user " + user + " (" + status
                    + "; it needs the monitoring tag)");
        }
        if (status == 404) {
            return new Finding(Level.WARN, "management API has no health check " + check + " (404)");
        }
        return new Finding(Level.WARN, "management " + check + ": HTTP " + status);
    }

    /** A request of {@code check} that got no answer. */
    static Finding failure(String check, Throwable error, String target, Duration timeout) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof HttpTimeoutException || t instanceof TimeoutException) {
                return new Finding(Level.WARN, "management " + check + ": no answer within " + timeout.toMillis()
                        + " ms from " + target);
            }
            if (t instanceof ConnectException) {
                return new Finding(Level.WARN, "management API refused the connection (" + target + ")");
            }
        }
        return new Finding(Level.WARN, "management " + check + ": connection to " + target + " failed");
    }

    /** The OK checks folded into one line, failures each on its own, in the configured order. */
    static List<Finding> fold(List<Finding> findings) {
        List<String> ok = new ArrayList<>();
        List<Finding> out = new ArrayList<>();
        for (Finding f : findings) {
            if (f.level() == Level.OK) {
                ok.add(f.detail());
            } else {
                out.add(f);
            }
        }
        if (!ok.isEmpty()) {
            out.add(0, new Finding(Level.OK, "management " + String.join(", ", ok) + " ok"));
        }
        return out;
    }

    private static String reason(String body) {
        String text = body == null ? "" : body;
        Matcher m = REASON.matcher(text);
        String reason = m.find() ? unescape(m.group(1)) : "failed";
        Set<String> resources = new LinkedHashSet<>();
        Matcher r = RESOURCE.matcher(text);
        while (r.find()) {
            resources.add(r.group(1));
        }
        reason = reason.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
        if (reason.length() > 200) {
            reason = reason.substring(0, 200) + "...";
        }
        return resources.isEmpty() ? reason : reason + " (" + String.join(", ", resources) + ")";
    }

    private static String unescape(String s) {
        return s.replace("\\\"", "\"").replace("\\n", " ").replace("\\/", "/").replace("\\\\", "\\");
    }
}
