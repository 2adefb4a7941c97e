package io.rxhealth.ovs.fake;

import io.rxhealth.ovs.process.CommandResult;
import io.rxhealth.ovs.process.CommandRunner;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A command runner standing in for ovs-ofctl: records every call, answers {@code dump-aggregate}
 * with a settable flow count, and accepts (or, when told, rejects) every bundle. Thread-safe.
 */
public final class FakeSwitch implements CommandRunner {
    public record Call(List<String> command, String stdin) {
        public String verb() {
            return command.get(4);
        }
    }

    private final List<Call> calls = new ArrayList<>();
    private final java.util.Map<String, String> outputs = new java.util.HashMap<>();
    private long flowCount;
    private int failBundles;

    @Override
    public synchronized CommandResult run(List<String> command, String stdin, Duration timeout) {
        calls.add(new Call(List.copyOf(command), stdin));
        if (command.contains("dump-aggregate")) {
            return new CommandResult(0, "NXST_AGGREGATE reply (OF1.4) (xid=0x2): packet_count=0 byte_count=0 flow_count="
                    + flowCount + "\n", "");
        }
        for (java.util.Map.Entry<String, String> o : outputs.entrySet()) {
            if (command.contains(o.getKey())) {
                return new CommandResult(0, o.getValue(), "");
            }
        }
        if (command.contains("bundle") && failBundles > 0) {
            failBundles--;
            return new CommandResult(1, "", "ovs-ofctl: bundle failed (test)\n");
        }
        return new CommandResult(0, "", "");
    }

    public synchronized void flowCount(long count) {
        flowCount = count;
    }

    /** What a command with {@code word} among its arguments prints (e.g. {@code dpctl/dump-conntrack}). */
    public synchronized void output(String word, String stdout) {
        outputs.put(word, stdout);
    }

    public synchronized void failBundles(int n) {
        failBundles = n;
    }

    /** The stdin of every bundle, in order. */
    public synchronized List<String> bundles() {
        return calls.stream().filter(c -> c.command().contains("bundle")).map(Call::stdin).toList();
    }

    public synchronized List<Call> calls() {
        return List.copyOf(calls);
    }

    public synchronized void clear() {
        calls.clear();
    }
}
