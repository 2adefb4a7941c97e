package io.rxhealth.ovs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FdbEntriesTest {
    /** {@code dump-flows table=25} with two learned entries, the flood flows and the drop (OVS 3.1, --no-names). */
    private static final String DUMP = """
        OFPST_FLOW reply (OF1.4) (xid=0x2):
         cookie=0x0, duration=12.345s, table=25, n_packets=7, n_bytes=518, hard_timeout=300, idle_age=3, priority=100,reg0=2,dl_dst=02:42:0a:14:00:02 actions=output:10
         cookie=0x0, duration=4.1s, table=25, n_packets=0, n_bytes=0, hard_timeout=300, hard_age=2, idle_age=4, priority=100,reg0=0x3,dl_dst=02:42:0a:1e:00:02 actions=output:20
         cookie=0x1f2e, duration=60.2s, table=25, n_packets=3, n_bytes=180, priority=50,reg0=2,dl_dst=01:00:00:00:00:00/01:00:00:00:00:00 actions=output:10,output:11,output:4
         cookie=0x1f2e, duration=60.2s, table=25, n_packets=0, n_bytes=0, priority=10,reg0=2 actions=output:10,output:11,output:4
         cookie=0x1f2e, duration=60.2s, table=25, n_packets=0, n_bytes=0, priority=0 actions=drop
        """;

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', textBlock = """
        # segment | mac               | port | packets | age
        2         | 02:42:0a:14:00:02 | 10   | 7       | 12
        3         | 02:42:0a:1e:00:02 | 20   | 0       | 2
        """)
    void readsTheLearnedEntriesOnly(int segment, String mac, String port, long packets, long age) {
        List<FdbEntries.Entry> entries = FdbEntries.parse(DUMP);

        assertThat(entries).hasSize(2).contains(new FdbEntries.Entry(segment, mac, port, packets, age));
    }
}
