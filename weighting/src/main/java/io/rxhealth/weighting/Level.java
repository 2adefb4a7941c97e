package io.rxhealth.weighting;

/**
 * Outcome class of one check run. {@link #UNKNOWN} means the check could not run or did not
 * finish in time: it is never treated as a pass.
 */
public enum Level {
    OK, WARN, CRIT, UNKNOWN;

    /** True for every level but {@link #OK}. */
    public boolean failing() {
        return this != OK;
    }
}
