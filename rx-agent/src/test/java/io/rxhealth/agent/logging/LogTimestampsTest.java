package io.rxhealth.agent.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LogTimestampsTest {
    private static final Map<String, String> OWN_TIME =
            Map.of(LogTimestamps.SHOW, "true", LogTimestamps.FORMAT, LogTimestamps.ISO_8601);
    private static final Map<String, String> JOURNAL_TIME = Map.of(LogTimestamps.SHOW, "false");

    @ParameterizedTest(name = "JOURNAL_STREAM={0}, stderr={1} -> journal: {2}")
    @CsvSource(nullValues = "null", value = {
            // systemd with StandardError=journal: stderr is the socket JOURNAL_STREAM names
            "8:41772,     socket:[41772], true",
            // a child of a journaled process run with stderr elsewhere inherits the variable
            "8:41772,     /dev/pts/3,     false",
            "8:41772,     socket:[9999],  false",
            "8:41772,     pipe:[41772],   false",
            // by hand, or no /proc
            "null,        /dev/pts/3,     false",
            "null,        socket:[41772], false",
            "8:41772,     null,           false",
            // not DEVICE:INODE
            "41772,       socket:[41772], false",
            ":41772,      socket:[41772], false",
    })
    void theJournalStampsLinesItselfAnywhereElseEachLineCarriesItsTime(String journalStream, String stderr,
                                                                       boolean journal) {
        assertEquals(journal ? JOURNAL_TIME : OWN_TIME, LogTimestamps.properties(journalStream, stderr));
    }
}
