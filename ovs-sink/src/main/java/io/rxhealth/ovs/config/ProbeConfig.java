package io.rxhealth.ovs.config;

import static java.util.Objects.requireNonNull;

/**
 * The liveness probe of one member.
 *
 * @param kind http or tcp
 * @param port port probed on the member's address
 * @param path request path for http ({@code /healthz} by default), unused for tcp
 */
public record ProbeConfig(ProbeKind kind, int port, String path) {
    public ProbeConfig {
        requireNonNull(kind, "kind");
        requireNonNull(path, "path");
    }
}
