package io.rxhealth.weighting.reload;

/**
 * Where a reload says what it did, one line each: each program passes its own logger's methods,
 * so this module stays free of a logging library and the lines keep each program's format.
 */
public interface ReloadLog {
    void info(String line);

    void warn(String line);
}
