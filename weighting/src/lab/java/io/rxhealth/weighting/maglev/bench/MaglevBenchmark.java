package io.rxhealth.weighting.maglev.bench;

import io.rxhealth.weighting.maglev.Maglev;
import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.SlotChange;
import io.rxhealth.weighting.maglev.SlotDiff;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Time to build a slot table, diff two tables and digest one. From the repository root:
 * <pre>
 * mvn -B -q -pl weighting test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
 * java -cp "$(cat weighting/target/cp.txt):weighting/target/test-classes:weighting/target/classes" \
 *     org.openjdk.jmh.Main MaglevBenchmark -f 1 -wi 3 -i 5
 * </pre>
 * "healthy": every member at its home weight; "degraded": a tenth drained, a fifth at half weight,
 * so that a fifth of the table is re-placed.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class MaglevBenchmark {
    @State(Scope.Benchmark)
    public static class Pool {
        /** slots x members */
        @Param({"1024x100", "65536x1000"})
        public String size;

        @Param({"healthy", "degraded"})
        public String state;

        int slots;
        List<Member> members;

        @Setup
        public void setUp() {
            String[] parts = size.split("x");
            slots = Integer.parseInt(parts[0]);
            members = members(Integer.parseInt(parts[1]), state.equals("degraded"), new Random(42));
        }
    }

    @State(Scope.Benchmark)
    public static class Tables {
        SlotTable installed;
        SlotTable next;
        List<String> keys;
        int[] owners;

        @Setup
        public void setUp() {
            var healthy = members(1000, false, new Random(42));
            installed = Maglev.layout("pool-bench", healthy, 65536);
            next = Maglev.layout("pool-bench", members(1000, true, new Random(42)), 65536);
            keys = installed.keys();
            owners = new int[installed.size()];
            for (int slot = 0; slot < owners.length; slot++) {
                owners[slot] = keys.indexOf(installed.owner(slot));
            }
        }
    }

    @Benchmark
    public SlotTable layout(Pool pool) {
        return Maglev.layout("pool-bench", pool.members, pool.slots);
    }

    /** SlotDiff.between two 65,536-slot tables a degradation apart. */
    @Benchmark
    public List<SlotChange> diff65536(Tables tables) {
        return SlotDiff.between(tables.installed, tables.next);
    }

    /** A 65,536-slot table over 1,000 keys: copy, check and SHA-256 digest of the serialised layout. */
    @Benchmark
    public String digest65536(Tables tables) {
        return new SlotTable(tables.keys, tables.owners).digest();
    }

    /** The benchmark's pools, for profiling outside JMH. */
    public static List<Member> membersForProfile(int n, boolean degraded) {
        return members(n, degraded, new Random(42));
    }

    static List<Member> members(int n, boolean degraded, Random random) {
        List<Member> members = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String key = "10." + (i >> 8) + "." + (i & 0xff) + "." + random.nextInt(256) + ":8080";
            int weight = 100;
            if (degraded) {
                int roll = random.nextInt(10);
                weight = roll == 0 ? 0 : roll <= 2 ? 50 : 100;
            }
            members.add(new Member(key, weight, 100));
        }
        return members;
    }
}
