/**
 * The units both programs' configs are written in, as pure parsers: durations ({@code 500ms},
 * {@code 2s}, {@code 5m}, {@code 1h}) and percentages ({@code 80%}). The agent and the LB daemon
 * each wrap a {@link io.rxhealth.weighting.units.UnitException} in their own config error, which
 * adds the key; the value and what was expected come from here.
 */
package io.rxhealth.weighting.units;
