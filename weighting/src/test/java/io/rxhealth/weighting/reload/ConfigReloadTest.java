package io.rxhealth.weighting.reload;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Reload decisions with an injected config source: bad keeps, same does nothing, new applies. */
class ConfigReloadTest {
    private final AtomicReference<Supplier<String>> next = new AtomicReference<>(() -> "a");
    private final List<String> applied = new ArrayList<>();
    private final List<String> said = new ArrayList<>();
    private final InstantSource clock = InstantSource.fixed(Instant.ofEpochSecond(1_000));
    private final ConfigReload<String> reload = new ConfigReload<>(() -> next.get().get(), "a",
            (current, cfg) -> {
                if (cfg.equals("refused")) {
                    throw new IllegalStateException("checks: cannot build");
                }
                applied.add(current + "->" + cfg);
            }, clock, new ReloadLog() {
                @Override
                public void info(String line) {
                    said.add("INFO " + line);
                }

                @Override
                public void warn(String line) {
                    said.add("WARN " + line);
                }
            });

    @Test
    void anUnchangedConfigAppliesNothing() {
        assertThat(reload.reload()).isEqualTo(ConfigReload.Result.UNCHANGED);
        assertThat(applied).isEmpty();
        assertThat(reload.lastOk()).isTrue();
        assertThat(said).containsExactly("INFO reload: config unchanged");
    }

    @Test
    void aNewConfigIsApplied() {
        next.set(() -> "b");
        assertThat(reload.reload()).isEqualTo(ConfigReload.Result.APPLIED);
        assertThat(applied).containsExactly("a->b");
        assertThat(reload.current()).isEqualTo("b");
        assertThat(said).containsExactly("INFO reload: new config applied");
        assertThat(reload.lastSuccessEpochSecond()).isEqualTo(1_000);
    }

    @Test
    void aBadConfigKeepsTheRunningOneAndSaysWhyInOneLine() {
        next.set(() -> {
            throw new IllegalArgumentException("/etc/rx-health/agent.yaml: interval: \"x\" (expected: a duration)");
        });
        assertThat(reload.reload()).isEqualTo(ConfigReload.Result.FAILED);
        assertThat(applied).isEmpty();
        assertThat(reload.current()).isEqualTo("a");
        assertThat(reload.lastOk()).isFalse();
        assertThat(reload.lastError()).doesNotContain("\n").contains("interval", "expected");

        assertThat(reload.failedCount()).isEqualTo(1);
        assertThat(said).containsExactly(
                "WARN reload refused, the running config stays: /etc/rx-health/agent.yaml: interval: \"x\" (expected: a duration)");

        next.set(() -> "a");
        assertThat(reload.reload()).isEqualTo(ConfigReload.Result.UNCHANGED);
        assertThat(reload.lastOk()).isTrue();
    }

    @Test
    void aConfigTheProgramCannotApplyIsRefusedToo() {
        next.set(() -> "refused");
        assertThat(reload.reload()).isEqualTo(ConfigReload.Result.FAILED);
        assertThat(reload.current()).isEqualTo("a");
        assertThat(reload.lastError()).isEqualTo("checks: cannot build");
    }
}
