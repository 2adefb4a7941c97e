package io.rxhealth.weighting.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LogLineTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # line                                                           | a line of ours
            2026-12-02T07:15:00.123Z INFO AgentLoop - verdict 100% -> down    | true
            2026-12-02T08:15:00.123+01:00 WARN LbNode - pool web: apply failed | true
            INFO AgentLoop - verdict (start) -> 100%                           | true
            ERROR ApiServer - bind: address in use                             | true
            INFO  [main] i.r.o.LbNode - started                                | false
            2026-12-02 07:15:00 INFO AgentLoop - no T, no millis               | false
            [main] INFO AgentLoop - thread first                               | false
            INFO io.rxhealth.agent.loop.AgentLoop - full logger name           | false
            """)
    void knowsTheLineBothProgramsWrite(String line, boolean ours) {
        assertEquals(ours, LogLine.SHAPE.matcher(line.strip()).matches(), line);
    }

    @ParameterizedTest(name = "JOURNAL_STREAM={0}, stderr={1}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            # JOURNAL_STREAM | stderr              | stamped by journald
            8:41772          | socket:[41772]      | true
            8:41772          | socket:[41773]      | false
            8:41772          | /dev/pts/0          | false
            8:41772          | -                   | false
            -                | socket:[41772]      | false
            41772            | socket:[41772]      | false
            """)
    void leavesTheTimeToJournaldOnlyWhenStderrIsItsStream(String journalStream, String stderr, boolean stamped) {
        assertEquals(stamped, LogLine.stampedByJournal(journalStream, stderr));
    }
}
