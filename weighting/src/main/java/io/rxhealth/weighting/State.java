package io.rxhealth.weighting;

/** Administrative and health state, ordered: a later constant overrides an earlier one. */
public enum State {
    UP, DOWN, DRAIN, MAINT
}
