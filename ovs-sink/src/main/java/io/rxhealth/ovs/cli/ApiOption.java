package io.rxhealth.ovs.cli;

import picocli.CommandLine.Option;

/** The {@code --api} option of the client commands. */
final class ApiOption {
    @Option(names = "--api", defaultValue = "127.0.0.1:9111", paramLabel = "HOST:PORT",
            description = "Address of the daemon's HTTP API (default: ${DEFAULT-VALUE}).")
    String api;

    ApiClient client() {
        return new ApiClient(api);
    }
}
