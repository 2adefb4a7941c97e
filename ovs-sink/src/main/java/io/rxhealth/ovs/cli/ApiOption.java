package io.rxhealth.ovs.cli;

import io.rxhealth.ovs.config.ConfigLoader;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * Where the client commands find the daemon's HTTP API: {@code --api} when given, else the
 * {@code api} of the config the daemon runs ({@code -c/--config}, as {@code run} takes it; the
 * default file when it exists), else {@value #DEFAULT}.
 */
final class ApiOption {
    static final String DEFAULT = "127.0.0.1:9111";
    static final Path DEFAULT_CONFIG = Path.of("/etc/rx-health/lbd.yaml");

    @Option(names = "--api", paramLabel = "HOST:PORT",
            description = "Address of the daemon's HTTP API (default: the config's api, else " + DEFAULT + ").")
    String api;

    @Option(names = {"-c", "--config"}, paramLabel = "FILE",
            description = "The daemon's YAML configuration, read for its api (default: /etc/rx-health/lbd.yaml"
                    + " when it exists).")
    Path config;

    ApiClient client() {
        return new ApiClient(address());
    }

    /** HOST:PORT of the API; a config that is given (or present by default) and invalid is a ConfigException. */
    String address() {
        if (api != null) {
            return api;
        }
        Path file = config != null ? config : Files.exists(DEFAULT_CONFIG) ? DEFAULT_CONFIG : null;
        if (file == null) {
            return DEFAULT;
        }
        InetSocketAddress configured = new ConfigLoader().load(file).api();
        return configured.getHostString() + ":" + configured.getPort();
    }
}
