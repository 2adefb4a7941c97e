package io.rxhealth.checks.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PostgresUrlTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        jdbc:postgresql://127.0.0.1:5432/rx                                  | 127.0.0.1:5432            | rx | any
        jdbc:postgresql://db1,db2:5433/directum?targetServerType=primary      | db1:5432, db2:5433        | directum | primary
        jdbc:postgresql://[::1]:6432/rx?targetServerType=preferSecondary      | [::1]:6432                | rx | preferSecondary
        """)
    void readsHostsAsTheDriverDoes(String url, String hosts, String database, String target) {
        PostgresUrl u = PostgresUrl.parse(url);
        assertThat(String.join(", ", u.hosts().stream().map(PostgresUrl.HostPort::toString).toList())).isEqualTo(hosts);
        assertThat(u.database()).isEqualTo(database);
        assertThat(u.targetServerType()).isEqualTo(target);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        http://db/rx                                         | url: 'http://db/rx' (expected: jdbc:postgresql://host:port/database)
        jdbc:postgresql://db/rx?password=hunter2             | url: 'jdbc:postgresql://db/rx?password=***' carries password (expected: no secrets in the URL; use password-file or password-env)
        jdbc:postgresql://db:99999/rx                        | url: 'jdbc:postgresql://db:99999/rx' (expected: jdbc:postgresql://host:port/database)
        jdbc:postgresql://db/rx?targetServerType=leader      | url: 'jdbc:postgresql://db/rx?targetServerType=leader' targetServerType=leader (expected: any, primary, secondary, preferPrimary or preferSecondary)
        """)
    void rejectsWithOneLine(String url, String message) {
        assertThatThrownBy(() -> PostgresUrl.parse(url)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message).message().doesNotContain("hunter2");
    }
}
