package io.rxhealth.ovs.cli;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rxhealth.ovs.config.LbConfig;
import java.io.IOException;

/**
 * How {@code run} makes a daemon for a configuration. The composition root passes it in, so the
 * commands name nothing above them; a reload makes the next node with the running one as
 * {@code previous} (closed already), whose member states and installed tables it continues.
 *
 * @param <N> the node the factory makes
 */
@FunctionalInterface
public interface NodeFactory<N extends NodeFactory.Node> {
    /**
     * A node for {@code config}, not started yet.
     *
     * @param dryRun   compute and log slot tables, write nothing to Open vSwitch
     * @param registry the node's meters, scraped by its API
     * @param previous the node this one continues, or null at start
     * @throws IOException when the node cannot be built (its API port is taken)
     */
    N create(LbConfig config, boolean dryRun, PrometheusMeterRegistry registry, N previous) throws IOException;

    /** A daemon that {@code run} starts, and stops at SIGTERM or before a reload replaces it. */
    interface Node extends AutoCloseable {
        void start() throws InterruptedException, IOException;

        @Override
        void close();
    }
}
