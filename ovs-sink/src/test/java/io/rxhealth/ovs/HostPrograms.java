package io.rxhealth.ovs;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the host programs the real-OVS tests and harnesses run (Open vSwitch, iproute2, HAProxy...).
 * A missing one fails at once with the command that installs it, instead of an obscure exit code
 * from the first step that needs it.
 */
public final class HostPrograms {
    private HostPrograms() {
    }

    /**
     * The program's path: the first executable {@code name} on PATH or, as root's PATH may lack
     * them, in the sbin and bin directories; fails naming {@code install} when there is none.
     */
    public static String require(String name, String install) {
        List<String> dirs = new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)));
        dirs.addAll(List.of("/usr/sbin", "/usr/bin", "/sbin", "/bin"));
        for (String d : dirs) {
            Path candidate = Path.of(d.isEmpty() ? "." : d, name);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        throw new IllegalStateException(name + " not found on PATH (install: " + install + ")");
    }
}
