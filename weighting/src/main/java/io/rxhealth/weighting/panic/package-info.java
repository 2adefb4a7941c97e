/**
 * The healthy-panic threshold of a pool, with Envoy's semantics: when the share of the pool's
 * weight that is healthy falls below the threshold, a correlated failure (every agent reporting
 * reduced or down at once) is assumed rather than a pool of bad members, and traffic is spread
 * over every member whose liveness probe passes, at its configured weight. Pure.
 */
package io.rxhealth.weighting.panic;
