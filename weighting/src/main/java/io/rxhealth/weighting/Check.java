package io.rxhealth.weighting;

/**
 * One thing the agent looks at on its node. A check may block and may throw: the runner bounds it
 * with a timeout and maps an exception or a timeout to {@link Level#UNKNOWN}. Checks never
 * catch-and-log; they report.
 */
public interface Check {
    /** Stable name, used in config, reasons, metrics and the policy (e.g. {@code disk:/var}). */
    String name();

    CheckResult run() throws Exception;
}
