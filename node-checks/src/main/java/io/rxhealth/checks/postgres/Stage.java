package io.rxhealth.checks.postgres;

/** The steps of one probe, in order; each is timed and a failure names the one that failed. */
enum Stage {
    /** Looking up every host of the URL. */
    RESOLVE("resolve"),
    /** Opening the TCP connection to a host. */
    CONNECT("connect"),
    /** TLS negotiation (when the URL asks for it), the startup packet and authentication. */
    LOGIN("login"),
    /** The configured query. */
    QUERY("query"),
    /** {@code pg_is_in_recovery()}: a standby cannot serve writes. */
    ROLE("role");

    private final String label;

    Stage(String label) {
        this.label = label;
    }

    /** The word an operator reads in a reason. */
    String label() {
        return label;
    }
}
