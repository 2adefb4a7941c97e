package io.rxhealth.checks.docker;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.CheckResult;
import java.io.IOException;

/**
 * Is the Docker daemon answering {@code GET /_ping}? An unreachable daemon or an error answer is
 * {@code CRIT} with the reason (not {@code UNKNOWN}): that is exactly what this check is for,
 * and the policy gives it its own reaction.
 */
final class DockerDaemonCheck implements Check {
    static final String NAME = "docker";

    private final DockerEngine engine;
    private final String host;

    DockerDaemonCheck(DockerEngine engine, String host) {
        this.engine = requireNonNull(engine, "engine");
        this.host = requireNonNull(host, "host");
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult run() {
        try {
            engine.ping();
            return CheckResult.ok(NAME, "docker daemon at " + host + " answers");
        } catch (IOException e) {
            return CheckResult.crit(NAME, "docker daemon unavailable: " + e.getMessage());
        }
    }
}
