package io.rxhealth.ovs.process;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeoutException;

/** Records every command and answers from a script; exits 0 with no output when the script is empty. */
public final class RecordingCommandRunner implements CommandRunner {
    public record Call(List<String> command, String stdin, Duration timeout) {
    }

    private final List<Call> calls = new ArrayList<>();
    private final Deque<Object> answers = new ArrayDeque<>();

    public RecordingCommandRunner answer(CommandResult result) {
        answers.add(result);
        return this;
    }

    public RecordingCommandRunner timeOut() {
        answers.add(new TimeoutException("scripted timeout"));
        return this;
    }

    public List<Call> calls() {
        return calls;
    }

    public Call onlyCall() {
        if (calls.size() != 1) {
            throw new AssertionError("calls: " + calls.size() + " (expected: 1)");
        }
        return calls.get(0);
    }

    @Override
    public CommandResult run(List<String> command, String stdin, Duration timeout) throws TimeoutException {
        calls.add(new Call(List.copyOf(command), stdin, timeout));
        Object answer = answers.isEmpty() ? new CommandResult(0, "", "") : answers.poll();
        if (answer instanceof TimeoutException e) {
            throw e;
        }
        return (CommandResult) answer;
    }
}
