package io.rxhealth.checks.docker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ContainerStateTest {
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
        # engine word | state
        created       | CREATED
        running       | RUNNING
        paused        | PAUSED
        restarting    | RESTARTING
        removing      | REMOVING
        exited        | EXITED
        dead          | DEAD
        Running       | RUNNING
        # podman's own words
        configured    | CREATED
        initialized   | CREATED
        stopping      | STOPPING
        stopped       | EXITED
        """)
    void parsesTheEngineWords(String word, ContainerState expected) {
        assertThat(ContainerState.parse(word)).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({"sleeping", "''"})
    void rejectsAnUnknownWordNamingIt(String word) {
        assertThatThrownBy(() -> ContainerState.parse(word))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("container status: '" + word + "' (expected: ");
    }
}
