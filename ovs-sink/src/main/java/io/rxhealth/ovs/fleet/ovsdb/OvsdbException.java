package io.rxhealth.ovs.fleet.ovsdb;

/** An OVSDB request that failed: the connection was lost, or the server answered with an error. */
public class OvsdbException extends Exception {
    private static final long serialVersionUID = 1L;

    public OvsdbException(String message) {
        super(message);
    }

    public OvsdbException(String message, Throwable cause) {
        super(message, cause);
    }
}
