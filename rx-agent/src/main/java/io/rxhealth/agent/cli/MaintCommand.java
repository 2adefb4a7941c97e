package io.rxhealth.agent.cli;

import io.rxhealth.agent.state.MarkerFiles;
import picocli.CommandLine.Command;

/** {@code maint on|off}: sets or lifts the maint marker. */
@Command(name = "maint", description = "Put this node in maintenance: maint on|off.")
final class MaintCommand extends MarkerCommand {
    @Override
    String marker() {
        return MarkerFiles.MAINT;
    }
}
