package io.rxhealth.agent.cli;

import io.rxhealth.agent.state.MarkerFiles;
import picocli.CommandLine.Command;

/** {@code drain on|off}: sets or lifts the drain marker. */
@Command(name = "drain", description = "Drain this node (no new ordinary traffic): drain on|off.")
final class DrainCommand extends MarkerCommand {
    @Override
    String marker() {
        return MarkerFiles.DRAIN;
    }
}
