package io.rxhealth.agent.cli;

import com.fasterxml.jackson.jr.ob.JSON;
import io.rxhealth.agent.json.Json;
import io.rxhealth.agent.state.History;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code history}: the verdict transitions kept in the state dir. */
@Command(name = "history", description = "Show the last verdict transitions.")
final class HistoryCommand implements Callable<Integer> {
    @CommandLine.Mixin
    ConfigOption config;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        JSON mapper = Json.json();
        List<History.Transition> list = History.read(config.stateDir().resolve(History.NAME), mapper);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(mapper.asString(list));
        } else if (list.isEmpty()) {
            out.println("no transitions recorded");
        } else {
            out.print(StatusTable.history(list));
            out.flush();
        }
        return 0;
    }
}
