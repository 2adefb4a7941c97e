package io.rxhealth.ovs.config;

/** How the LB node checks that a member is alive. */
public enum ProbeKind {
    /** HTTP/1.0 GET of a path, any 2xx status passes. */
    HTTP,
    /** A TCP connection that completes passes. */
    TCP
}
