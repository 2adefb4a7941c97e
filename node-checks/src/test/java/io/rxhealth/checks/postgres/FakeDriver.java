package io.rxhealth.checks.postgres;

import io.rxhealth.weighting.FakeTicker;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.net.ConnectException;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverPropertyInfo;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * A JDBC driver whose every connect plays the next scripted step: the login takes the step's time
 * on a {@link FakeTicker}, or is refused, or logs in and then fails the query. The session is a
 * primary answering {@code SELECT 1}. Steps are written {@code 3000} (log in after 3000 ms),
 * {@code 10!} (log in after 10 ms, the query fails) and {@code refused}.
 */
final class FakeDriver implements Driver {
    private final FakeTicker ticker;
    private final Deque<String> steps = new ArrayDeque<>();

    FakeDriver(FakeTicker ticker, String... script) {
        this.ticker = ticker;
        steps.addAll(java.util.List.of(script));
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        String step = steps.removeFirst();
        if (step.equals("refused")) {
            throw new SQLException("Connection to 127.0.0.1:5432 refused.", "08001",
                    new ConnectException("Connection refused"));
        }
        boolean queryFails = step.endsWith("!");
        ticker.advance(Duration.ofMillis(Long.parseLong(queryFails ? step.substring(0, step.length() - 1) : step)));
        return proxy(Connection.class, (self, method, args) -> switch (method.getName()) {
            case "createStatement" -> statement(queryFails);
            case "isClosed" -> false;
            default -> null;
        });
    }

    private static Statement statement(boolean queryFails) {
        return proxy(Statement.class, (self, method, args) -> switch (method.getName()) {
            case "execute" -> {
                if (queryFails) {
                    throw new SQLException("relation \"rx\" does not exist", "42P01");
                }
                yield true;
            }
            case "getResultSet", "executeQuery" -> proxy(ResultSet.class, (rs, m, a) -> switch (m.getName()) {
                case "next" -> true;
                case "getBoolean" -> false;
                default -> null;
            });
            default -> null;
        });
    }

    @SuppressWarnings("unchecked")
    private static <T> T proxy(Class<T> type, InvocationHandler handler) {
        return (T) Proxy.newProxyInstance(FakeDriver.class.getClassLoader(), new Class<?>[] {type}, handler);
    }

    @Override
    public boolean acceptsURL(String url) {
        return url.startsWith("jdbc:postgresql:");
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        return new DriverPropertyInfo[0];
    }

    @Override
    public int getMajorVersion() {
        return 42;
    }

    @Override
    public int getMinorVersion() {
        return 0;
    }

    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() {
        return Logger.getGlobal();
    }
}
