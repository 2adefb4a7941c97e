package io.rxhealth.ovs.pipeline;

/**
 * The pipeline bundle was not applied: ovs-ofctl failed, timed out or could not start. On a
 * failure the switch rejected the whole bundle and kept its previous pipeline; after a timeout
 * ({@link #timedOut()}) it holds the old or the new one, never a mix.
 */
public final class PipelineApplyException extends Exception {
    private final boolean timedOut;

    PipelineApplyException(String message, boolean timedOut, Throwable cause) {
        super(message, cause);
        this.timedOut = timedOut;
    }

    public boolean timedOut() {
        return timedOut;
    }
}
