package io.rxhealth.agent.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.rxhealth.agent.state.History;
import io.rxhealth.agent.state.StateFile;
import io.rxhealth.agent.status.AgentStatus;
import io.rxhealth.checks.http.EndpointStats;
import io.rxhealth.weighting.RecoverySnapshot;
import io.rxhealth.weighting.State;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class JsonTest {
    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00.250Z");

    @Test
    void readsTheStateFileAsEarlierVersionsWroteIt() throws IOException {
        // Written by the databind-based agent: ISO instant text, enum names, every field present.
        String earlier = "{\"version\":1,\"savedAt\":\"2026-11-30T10:00:00.250Z\",\"state\":\"UP\","
                + "\"weightPercent\":25,\"recoveryPhase\":\"RECOVERING\",\"recoveryElapsedMillis\":12000}";
        assertEquals(new StateFile.Saved(1, T0, State.UP, 25, RecoverySnapshot.Phase.RECOVERING, 12_000),
                Json.json().beanFrom(StateFile.Saved.class, earlier));
    }

    @Test
    void writesTheStateFileInThatSameForm() throws IOException {
        assertEquals("{\"version\":1,\"savedAt\":\"2026-11-30T10:00:00.250Z\",\"state\":\"DOWN\","
                        + "\"weightPercent\":0,\"recoveryPhase\":\"DOWN\",\"recoveryElapsedMillis\":0}",
                Json.json().asString(new StateFile.Saved(1, T0, State.DOWN, 0, RecoverySnapshot.Phase.DOWN, 0)));
    }

    @Test
    void roundTripsTheHistory() throws IOException {
        List<History.Transition> list = List.of(new History.Transition(T0, "", "100%", List.of()),
                new History.Transition(T0.plusSeconds(5), "100%", "down", List.of("disk:/ crit: 97% used")));
        assertEquals(list, Json.json().listOfFrom(History.Transition.class, Json.json().asBytes(list)));
    }

    @Test
    void writesOptionalsAsTheirValueOrNullAndDurationsAsIsoText() throws IOException {
        EndpointStats probed = new EndpointStats("storage", 10, 1, 9, Optional.of(Duration.ofMillis(12)),
                Optional.of(Duration.ofMillis(40)), Optional.empty(), OptionalInt.of(503), Optional.of(T0),
                Optional.empty(), "503");
        String text = Json.json().asString(probed);
        assertThat(text).contains("\"p50\":\"PT0.012S\"", "\"p95\":\"PT0.04S\"", "\"p99\":null",
                "\"lastStatus\":503", "\"lastProbe\":\"2026-11-30T10:00:00.250Z\"", "\"lastSuccess\":null");
        assertThat(Json.json().asString(EndpointStats.none("x"))).contains("\"lastStatus\":null");
    }

    @Test
    void readsStatusBackWithStatsAsAMapAndNullsKept() throws IOException {
        AgentStatus status = new AgentStatus(T0, "50%", "UP", 50, false, List.of("preview crit"), "up 50%",
                "/var/lib/rx-health-agent", List.of(new AgentStatus.CheckStatus("preview", "CRIT", "500", 12, null,
                        EndpointStats.none("preview"))), null);
        String text = Json.json().asString(status);
        assertThat(text).contains("\"lastSuccess\":null");
        AgentStatus read = Json.json().beanFrom(AgentStatus.class, text);
        assertEquals(status.verdict(), read.verdict());
        assertEquals(T0, read.at());
        assertThat(read.checks().get(0).stats()).isInstanceOf(Map.class);
        assertEquals("not probed yet", ((Map<?, ?>) read.checks().get(0).stats()).get("lastDetail"));
    }

    @Test
    void aBadInstantIsAnErrorNamingTheValue() {
        assertThatThrownBy(() -> Json.json().beanFrom(History.Transition.class,
                "{\"at\":\"yesterday\",\"from\":\"\",\"to\":\"down\",\"reasons\":[]}"))
                .hasMessageContaining("'yesterday'").hasMessageContaining("expected: an ISO-8601 instant");
    }
}
