package io.rxhealth.weighting.panic;

import java.util.List;
import java.util.OptionalDouble;

/**
 * What {@link PanicThreshold#decide} made of a pool.
 *
 * @param panic         the healthy share is below the threshold: probe-up members are at their configured weight
 * @param healthyWeight sum of the effective weights of the probe-up members
 * @param countedWeight sum of the configured weights of the members no operator took out
 * @param weights       the weight each member gets, in the order the members were given
 */
public record PanicDecision(boolean panic, long healthyWeight, long countedWeight, List<Integer> weights) {
    public PanicDecision {
        weights = List.copyOf(weights);
    }

    /**
     * {@code healthyWeight / countedWeight}; empty when no weight counts (every member taken out by
     * an operator, or every configured weight 0), which is never panic. Above 1 when agents
     * report more than 100%.
     */
    public OptionalDouble healthyShare() {
        return countedWeight == 0 ? OptionalDouble.empty() : OptionalDouble.of((double) healthyWeight / countedWeight);
    }
}
