package io.rxhealth.agent.config;

import java.util.List;

/**
 * The config file's schema as {@link StrictBinder} binds it off the YAML parser (kebab-case keys,
 * every field optional, unknown or repeated keys rejected). {@link ConfigLoader} validates it into
 * an {@link AgentConfig}; nothing else reads these records.
 */
record RawConfig(RawListen listen, RawStatus status, String stateDir, String interval, String checkTimeout,
                 Integer rise, Integer fall, String hold, RawRecovery recovery, String readyInterval,
                 RawChecks checks) {

    record RawListen(String address, Integer port, String socket, Integer maxConnections,
                     String connectionTimeout, Integer maxPerSource, List<String> allow) {
    }

    record RawStatus(Boolean enabled, String address, Integer port) {
    }

    record RawRecovery(String window, List<Integer> steps) {
    }

    record RawChecks(RawThreshold cpu, RawThreshold load, RawThreshold memory, RawThreshold swap,
                     List<RawMount> disk, List<RawMount> inode, List<RawHttp> http, RawDocker docker,
                     List<RawPostgres> postgres, RawRabbitmq rabbitmq) {
    }

    /** Thresholds and reactions of one host check; {@code enabled: false} turns it off. */
    record RawThreshold(Boolean enabled, String warn, String crit, String onWarn, String onCrit,
                        String onUnknown, String timeout, String critFor) {
    }

    record RawMount(String path, String warn, String crit, String onWarn, String onCrit, String onUnknown,
                    String timeout) {
    }

    record RawHttp(String name, String url, List<Integer> expect, String body, String timeout, String host,
                   String caFile, Boolean insecure, String onWarn, String onCrit, String onUnknown,
                   RawWindow window) {
    }

    /** Sliding-window thresholds of an HTTP endpoint: latency percentiles and error rate. */
    record RawWindow(Integer size, Integer minSamples, String p95Warn, String p95Crit, String p99Warn,
                     String p99Crit, String errorRateWarn, String errorRateCrit) {
    }

    /** The daemon's reactions are the Docker check's; each container has its own. */
    record RawDocker(String host, String timeout, String onWarn, String onCrit, String onUnknown,
                     List<RawContainer> containers, Integer restartLimit, String restartWindow) {
    }

    record RawContainer(String name, String onWarn, String onCrit, String onUnknown) {
    }

    /** A database probe; the password comes from one of password, password-file, password-env. */
    record RawPostgres(String name, String url, String user, String password, String passwordFile,
                       String passwordEnv, String query, String applicationName, String timeout, String onWarn,
                       String onCrit, String onUnknown, RawWindow window) {
    }

    /** The broker's reactions are its own; each queue has its own. */
    record RawRabbitmq(String name, String url, String user, String password, String passwordFile,
                       String passwordEnv, String timeout, String heartbeat, String onWarn, String onCrit,
                       String onUnknown, RawWindow window, List<RawQueue> queues, RawManagement management) {
    }

    /** The broker's management plugin: which of its health checks to ask, with the broker's credentials. */
    record RawManagement(String url, List<String> healthChecks, String timeout) {
    }

    record RawQueue(String name, Integer maxReady, Integer risingCycles, String onWarn, String onCrit,
                    String onUnknown) {
    }
}
