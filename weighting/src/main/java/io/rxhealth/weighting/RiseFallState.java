package io.rxhealth.weighting;

/**
 * What a {@link RiseFallCounter} has settled on: {@link #UP} (passing), {@link #DOWN} (failing), or
 * {@link #UNKNOWN} before its first result. The names are HAProxy's, as operators read them.
 */
public enum RiseFallState {
    UNKNOWN, UP, DOWN
}
