package io.rxhealth.ovs.fleet.ovsdb;

/**
 * A transaction the server rejected: {@code op} is the index of the failing operation (or the
 * operation count when the commit itself failed), {@code error} its RFC 7047 error name, such as
 * {@code "timed out"} for a {@code wait} whose condition did not hold.
 */
public final class OvsdbTransactionException extends OvsdbException {
    private static final long serialVersionUID = 1L;

    private final int op;
    private final String error;

    public OvsdbTransactionException(int op, String error, String details) {
        super("operation " + op + ": " + error + (details.isEmpty() ? "" : ": " + details));
        this.op = op;
        this.error = error;
    }

    public int op() {
        return op;
    }

    public String error() {
        return error;
    }

    /** True when a {@code wait} operation's condition did not hold: another writer came first. */
    public boolean isWaitFailed() {
        return "timed out".equals(error);
    }
}
