package io.rxhealth.agent.haproxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Reading HAProxy's runtime API answers. The fixtures are real HAProxy 2.6.12 answers (agent
 * down on a full disk; agent drain during its recovery window), with the temp path replaced by
 * {@code /srv/data}.
 */
class HaproxyStatsTest {

    @Test
    void readsAServerTheAgentTookDown() throws IOException {
        ServerState s = HaproxyStats.serverState(fixture("show-stat-down.csv"), fixture("servers-state-down.txt"),
                "be_app", "s1");
        assertThat(s).isEqualTo(new ServerState("DOWN (agent)", 100, 100, 100, ServerState.OP_STOPPED, 0,
                "via agent : down (disk:/srv/data crit: disk /srv/data 87.5% used (warn 40%, crit 80%))", 1));
    }

    @Test
    void readsADrainedServerWithTheAgentsWeight() throws IOException {
        ServerState s = HaproxyStats.serverState(fixture("show-stat-drain.csv"), fixture("servers-state-drain.txt"),
                "be_app", "s1");
        assertThat(s).isEqualTo(new ServerState("DRAIN (agent)", 25, 25, 100, ServerState.OP_RUNNING,
                ServerState.FDRAIN, "via agent : up (drain: deploy; recovery 25%, 58 s left)", 1));
        assertThat(s.draining()).isTrue();
        assertThat(s.inMaint()).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
            # scenario             | line                        | fields joined with /
            plain                  | a,b,c                       | a/b/c
            empty fields           | a,,c,                       | a//c/
            quoted comma           | a,"x, y",c                  | a/x, y/c
            doubled quote          | a,"say ""up\""",c           | a/say "up"/c
            quoted empty           | a,"",c                      | a//c
            """)
    void splitsCsvAsHaproxyQuotesIt(String scenario, String line, String fields) {
        assertThat(String.join("/", HaproxyStats.fields(line))).as(scenario).isEqualTo(fields);
    }

    @Test
    void namesTheServerItCannotFind() throws IOException {
        assertThatThrownBy(() -> HaproxyStats.statRow(fixture("show-stat-down.csv"), "be_app", "s9"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("show stat: no row be_app/s9");
        assertThatThrownBy(() -> HaproxyStats.serversStateRow(fixture("servers-state-down.txt"), "be_app", "s9"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("show servers state: no line be_app/s9");
    }

    @Test
    void rejectsAnAnswerWithoutHeader() {
        assertThatThrownBy(() -> HaproxyStats.statRow("Unknown command\n", "be_app", "s1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("show stat: Unknown command (expected: a '# pxname,...' header)");
    }

    private static String fixture(String name) throws IOException {
        try (InputStream in = HaproxyStatsTest.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException(name + ": no such test resource next to " + HaproxyStatsTest.class.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
