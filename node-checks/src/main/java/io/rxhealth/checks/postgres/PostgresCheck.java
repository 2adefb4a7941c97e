package io.rxhealth.checks.postgres;

import static java.util.Objects.requireNonNull;

import io.rxhealth.checks.http.Finding;
import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Level;
import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Probes one database per run on a fresh connection of its own (never the application's pool):
 * resolve every host, connect, log in (TLS and authentication as the URL asks), run the configured
 * query, and ask {@code pg_is_in_recovery()}: a standby cannot serve Directum RX. Each stage is
 * timed; the connect time (TCP and login) and the query time (query and role) each feed a sliding
 * window whose p95/p99 thresholds raise WARN or CRIT, so a slow database lowers the weight before
 * it takes the node down; the first login of a fresh agent warms the driver up and stays out of
 * the windows ({@link ProbeLatencies}).
 *
 * <p>Deadlines, three deep: the driver's connect, login and socket timeouts (whole seconds, the
 * probe's timeout rounded up); the probe's own deadline at its timeout, which closes every socket
 * the probe opened from the timer thread (see {@link ProbeTrace}), so a hung server holds no thread
 * past it; and the runner's, a little above both. A failure is a CRIT result that names the stage
 * in an operator's words ({@link Failures}); the check does not throw for a database's fault.
 */
final class PostgresCheck implements Check {
    private static final String ROLE_QUERY = "SELECT pg_is_in_recovery()";

    private final PostgresSpec spec;
    private final PostgresUrl url;
    private final Driver driver;
    private final ScheduledExecutorService timer;
    private final Ticker ticker;
    private final Failures.Context context;
    private final ProbeLatencies latencies;

    PostgresCheck(PostgresSpec spec, Driver driver, ScheduledExecutorService timer, Ticker ticker) {
        this.spec = requireNonNull(spec, "spec");
        this.url = PostgresUrl.parse(spec.url());
        this.driver = requireNonNull(driver, "driver");
        this.timer = requireNonNull(timer, "timer");
        this.ticker = requireNonNull(ticker, "ticker");
        this.context = new Failures.Context(spec.user(), url.database(), url, spec.timeout());
        this.latencies = new ProbeLatencies(spec.window());
    }

    @Override
    public String name() {
        return spec.name();
    }

    @Override
    public CheckResult run() {
        ProbeTrace trace = new ProbeTrace(ticker);
        long start = ticker.nanos();
        long resolved = start;
        long loggedIn = start;
        long queried = start;
        Connection connection = null;
        ScheduledFuture<?> deadline = timer.schedule(trace::expire, spec.timeout().toNanos(), TimeUnit.NANOSECONDS);
        try (ProbeSockets.Registration registration = ProbeSockets.register(trace)) {
            for (PostgresUrl.HostPort host : url.hosts()) {
                InetAddress.getAllByName(host.host());
            }
            resolved = ticker.nanos();
            trace.enter(Stage.CONNECT);
            connection = driver.connect(spec.url(), properties(registration.key()));
            if (connection == null) {
                return fail(Stage.CONNECT, "the driver does not accept the URL " + url, start, trace);
            }
            if (!trace.attach(connection)) {
                return fail(Stage.LOGIN, Failures.timeout(Stage.LOGIN, spec.timeout()), start, trace);
            }
            loggedIn = ticker.nanos();
            trace.enter(Stage.QUERY);
            try (Statement st = connection.createStatement()) {
                if (st.execute(spec.query())) {
                    try (ResultSet rs = st.getResultSet()) {
                        rs.next();
                    }
                }
            }
            queried = ticker.nanos();
            trace.enter(Stage.ROLE);
            boolean standby;
            try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(ROLE_QUERY)) {
                standby = rs.next() && rs.getBoolean(1);
            }
            long done = ticker.nanos();
            String where = address(trace.lastAddress());
            boolean warmUp = !latencies.warm();
            List<Finding> findings = latencies.record(true, loggedIn - resolved, done - loggedIn, Stage.ROLE);
            String times = "resolve " + ms(resolved - start) + ", connect " + ms(trace.connectNanos())
                    + ", login " + ms(loggedIn - resolved - trace.connectNanos()) + ", query " + ms(queried - loggedIn)
                    + ", role " + ms(done - queried) + (warmUp ? "; first login since start, not in the window" : "");
            if (standby) {
                findings.add(0, new Finding(Level.CRIT, "server is a standby at " + where + " (" + times + ")"));
            } else {
                findings.add(0, new Finding(Level.OK, "primary at " + where + " (" + times + ")"));
            }
            return result(findings);
        } catch (SQLException | IOException | RuntimeException e) {
            Stage stage = trace.stage();
            String detail = trace.expired() ? Failures.timeout(stage, spec.timeout())
                    : Failures.describe(stage, e, context);
            return fail(stage, detail, start, trace);
        } finally {
            deadline.cancel(false);
            closeQuietly(connection);
        }
    }

    /** The driver's properties of one probe; the URL's own parameters take precedence over them. */
    private Properties properties(String socketKey) {
        Properties p = new Properties();
        p.setProperty("user", spec.user());
        p.setProperty("password", spec.password().get());
        p.setProperty("ApplicationName", spec.applicationName());
        String seconds = Long.toString(Math.max(1, (spec.timeout().toMillis() + 999) / 1000));
        p.setProperty("connectTimeout", seconds);
        p.setProperty("loginTimeout", seconds);
        p.setProperty("socketTimeout", seconds);
        p.setProperty("socketFactory", ProbeSocketFactory.class.getName());
        p.setProperty("socketFactoryArg", socketKey);
        // GSS encryption is tried before TLS by default, a round trip (and Kerberos classes) a probe
        // does not need; a URL that wants it says gssEncMode=prefer or require.
        p.setProperty("gssEncMode", "disable");
        // Multi-host: look at every host on every probe rather than trust the driver's
        // remembered roles, so a failover shows on the next probe.
        p.setProperty("hostRecheckSeconds", "0");
        return p;
    }

    private CheckResult fail(Stage stage, String detail, long start, ProbeTrace trace) {
        long elapsed = ticker.nanos() - start;
        List<Finding> findings;
        if (trace.expired()) {
            // Waited the whole timeout: a lower bound of the latency the percentiles should see.
            findings = stage.compareTo(Stage.LOGIN) <= 0 ? latencies.record(false, elapsed, -1, stage)
                    : latencies.record(false, -1, elapsed, stage);
        } else {
            findings = latencies.record(false, -1, -1, stage);
        }
        findings.add(0, new Finding(Level.CRIT, detail));
        return result(findings);
    }

    private CheckResult result(List<Finding> findings) {
        // Worst first, stable: the stage's own line leads among equals.
        List<Finding> sorted = new ArrayList<>(findings);
        sorted.sort(Comparator.comparing(Finding::level).reversed());
        return new CheckResult(spec.name(), sorted.get(0).level(),
                sorted.stream().map(Finding::detail).collect(Collectors.joining("; ")));
    }

    private static String address(SocketAddress a) {
        if (a instanceof InetSocketAddress i) {
            return i.getHostString() + ":" + i.getPort();
        }
        return a == null ? "?" : a.toString();
    }

    private static String ms(long nanos) {
        return Math.max(0, nanos) / 1_000_000 + " ms";
    }

    private static void closeQuietly(Connection c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (SQLException e) {
            // The session ends with the socket either way.
        }
    }
}
