package io.rxhealth.ovs.openflow;

/**
 * An {@code ovs-ofctl} call failed (non-zero exit, timeout, cannot start). For a bundle the switch
 * rejected the whole bundle and kept its previous table; the caller keeps its belief of what is
 * installed and retries next cycle. After a timeout the commit may or may not have happened (the
 * table is the old or the new one, never a mix): read back before trusting the belief.
 */
public final class OvsCommandException extends Exception {
    private final boolean timedOut;

    public OvsCommandException(String message, boolean timedOut, Throwable cause) {
        super(message, cause);
        this.timedOut = timedOut;
    }

    /** True when the command was killed at its timeout rather than reporting a failure. */
    public boolean timedOut() {
        return timedOut;
    }
}
