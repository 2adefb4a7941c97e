package io.rxhealth.agent.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProcessFiguresTest {
    private static final String STATUS = """
            Name:\tjava
            VmPeak:\t 2710132 kB
            VmSize:\t 2644596 kB
            VmRSS:\t   63712 kB
            Threads:\t27
            """;

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            VmRSS  | 65241088
            VmSize | 2708066304
            VmHWM  | -1
            """)
    void readsStatusFieldsInBytes(String field, long bytes) {
        assertThat(ProcessFigures.statusBytes(STATUS, field))
                .isEqualTo(bytes < 0 ? OptionalLong.empty() : OptionalLong.of(bytes));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            'Threads:\t27\n'            | 27
            'Name:\tjava\n'             | -1
            ''                          | -1
            """)
    void readsThreads(String status, long threads) {
        assertThat(ProcessFigures.threads(status.replace("\\t", "\t").replace("\\n", "\n")))
                .isEqualTo(threads < 0 ? OptionalLong.empty() : OptionalLong.of(threads));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            'Max open files            20000                20000                files     ' | 20000
            'Max open files            unlimited            unlimited            files     ' | -1
            'Max processes             95000                95000                processes ' | -1
            """)
    void readsTheSoftLimitOfOpenFiles(String line, long limit) {
        String limits = "Limit                     Soft Limit           Hard Limit           Units     \n" + line + "\n";
        assertThat(ProcessFigures.maxOpenFiles(limits))
                .isEqualTo(limit < 0 ? OptionalLong.empty() : OptionalLong.of(limit));
    }
}
