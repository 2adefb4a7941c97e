package io.rxhealth.checks.docker;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.Ticker;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The Docker checks built from configuration: one {@code docker} check for the daemon and one
 * {@code container:<name>} check per configured container, sharing one connection pool to the
 * engine. The checks keep state between runs (restart history), so build them once and run the
 * same instances every cycle; close this when the agent stops.
 */
public final class DockerChecks implements Closeable {
    private final Closeable engineResource;
    private final Check daemon;
    private final List<Check> containers;

    /** Builds the checks; nothing is connected until a check runs. */
    public static DockerChecks create(DockerCheckConfig config, Ticker ticker) {
        requireNonNull(config, "config");
        var engine = new DockerJavaEngine(config.host(), config.connectTimeout(),
                config.responseTimeout());
        return new DockerChecks(engine, engine, config, ticker);
    }

    DockerChecks(DockerEngine engine, Closeable engineResource, DockerCheckConfig config,
                 Ticker ticker) {
        requireNonNull(engine, "engine");
        requireNonNull(ticker, "ticker");
        this.engineResource = requireNonNull(engineResource, "engineResource");
        this.daemon = new DockerDaemonCheck(engine, config.host());
        var checks = new ArrayList<Check>();
        for (var container : config.containers()) {
            checks.add(new ContainerCheck(engine, container, config.maxRestarts(),
                    config.restartWindow(), ticker));
        }
        this.containers = List.copyOf(checks);
    }

    /** The daemon check, named {@code docker}. */
    public Check daemon() {
        return daemon;
    }

    /** One check per configured container, in configuration order, named {@code container:<name>}. */
    public List<Check> containers() {
        return containers;
    }

    /** The daemon check followed by the container checks. */
    public List<Check> all() {
        var all = new ArrayList<Check>(containers.size() + 1);
        all.add(daemon);
        all.addAll(containers);
        return List.copyOf(all);
    }

    @Override
    public void close() throws IOException {
        engineResource.close();
    }
}
