package io.rxhealth.ovs.openflow;

import static java.util.Objects.requireNonNull;

/**
 * A call to the switch failed: it answered with an error (for a bundle: it rejected the whole
 * bundle and kept its flows), it did not answer in time (a bundle may or may not have been
 * committed: the table is the old or the new one, never a mix), or the call could not be made.
 * The message names the call and the switch; {@link #explained} adds what a failed write means
 * to the caller's belief.
 */
public final class OpenFlowException extends Exception {
    /** How the call failed. */
    public enum Failure {
        /** The switch (or ovs-ofctl on its behalf) answered with an error. */
        REFUSED,
        /** No answer within the timeout; the call was abandoned. */
        TIMED_OUT,
        /** The call could not be made (the binary cannot start, the thread was interrupted). */
        NOT_MADE
    }

    private final Failure failure;

    public OpenFlowException(String message, Failure failure, Throwable cause) {
        super(message, cause);
        this.failure = requireNonNull(failure, "failure");
    }

    public Failure failure() {
        return failure;
    }

    /** True when the call was abandoned at its timeout rather than answered with an error. */
    public boolean timedOut() {
        return failure == Failure.TIMED_OUT;
    }

    /**
     * This failure with its consequence for a write: {@code refused} appended when the switch
     * refused (it kept what it had), {@code unsure} after a timeout; a call never made says nothing.
     */
    public OpenFlowException explained(String refused, String unsure) {
        String consequence = switch (failure) {
            case REFUSED -> refused;
            case TIMED_OUT -> unsure;
            case NOT_MADE -> "";
        };
        return consequence.isEmpty() ? this : new OpenFlowException(getMessage() + consequence, failure, getCause());
    }
}
