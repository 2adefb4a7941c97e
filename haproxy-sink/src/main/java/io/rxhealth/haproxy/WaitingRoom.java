package io.rxhealth.haproxy;

import static java.util.Objects.requireNonNull;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * Accepted connections not served yet, taken out of the kernel's accept queue so that the order of
 * service is ours: the next one served is from the lightest source (the fewest connections open and
 * waiting, as {@code load} counts them), the earliest arrival among equals.
 *
 * <p>The kernel serves its accept queue in arrival order, so a check that arrives just after a burst
 * of a few hundred hostile connections waits until every one of them has been set up and answered.
 * Here it waits for one connection at most: HAProxy and the LB daemon hold a connection or two each,
 * attackers need many (docs/PERFORMANCE.md, "The agent-check reply"). When the room is full, the
 * newest connection of the heaviest source makes room for a lighter one; so the kernel's queue can
 * always be drained and a light source is never stuck behind it.
 *
 * <p>Not thread-safe: the accepting event loop owns it.
 *
 * @param <K> the source a connection is counted against
 * @param <T> a waiting connection
 */
final class WaitingRoom<K, T> {
    private final int capacity;
    private final Function<T, K> sourceOf;
    private final Map<K, ArrayDeque<Waiting<T>>> bySource = new HashMap<>();
    private long arrivals;
    private int size;

    WaitingRoom(int capacity, Function<T, K> sourceOf) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity: " + capacity + " (expected: > 0)");
        }
        this.capacity = capacity;
        this.sourceOf = requireNonNull(sourceOf, "sourceOf");
    }

    /**
     * Lets {@code item} wait. When the room is full, either the newest connection of the heaviest
     * source leaves to make room, or, if no source is heavier than the newcomer's, the newcomer is
     * turned away.
     *
     * @return the connection turned away (the caller closes it), or {@code null}
     */
    T add(T item, ToIntFunction<K> load) {
        K source = sourceOf.apply(item);
        T turnedAway = null;
        if (size == capacity) {
            K heaviest = heaviest(load);
            if (load.applyAsInt(heaviest) <= load.applyAsInt(source)) {
                return item;
            }
            turnedAway = removeNewest(heaviest);
        }
        bySource.computeIfAbsent(source, k -> new ArrayDeque<>()).addLast(new Waiting<>(arrivals++, item));
        size++;
        return turnedAway;
    }

    /** Takes out the connection to serve next, or returns {@code null} when none waits. */
    T next(ToIntFunction<K> load) {
        K best = null;
        int bestLoad = Integer.MAX_VALUE;
        long bestArrival = Long.MAX_VALUE;
        for (Map.Entry<K, ArrayDeque<Waiting<T>>> e : bySource.entrySet()) {
            int l = load.applyAsInt(e.getKey());
            long arrival = e.getValue().peekFirst().arrival();
            if (l < bestLoad || l == bestLoad && arrival < bestArrival) {
                best = e.getKey();
                bestLoad = l;
                bestArrival = arrival;
            }
        }
        if (best == null) {
            return null;
        }
        ArrayDeque<Waiting<T>> queue = bySource.get(best);
        T item = queue.pollFirst().item();
        if (queue.isEmpty()) {
            bySource.remove(best);
        }
        size--;
        return item;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Empties the room, returning everyone who was waiting. */
    List<T> clear() {
        var all = new ArrayList<T>(size);
        bySource.values().forEach(queue -> queue.forEach(w -> all.add(w.item())));
        bySource.clear();
        size = 0;
        return all;
    }

    /** The source with the highest load, the one with the most waiting among equals. */
    private K heaviest(ToIntFunction<K> load) {
        K worst = null;
        int worstLoad = Integer.MIN_VALUE;
        int worstWaiting = 0;
        for (Map.Entry<K, ArrayDeque<Waiting<T>>> e : bySource.entrySet()) {
            int l = load.applyAsInt(e.getKey());
            int waiting = e.getValue().size();
            if (l > worstLoad || l == worstLoad && waiting > worstWaiting) {
                worst = e.getKey();
                worstLoad = l;
                worstWaiting = waiting;
            }
        }
        return worst;
    }

    private T removeNewest(K source) {
        ArrayDeque<Waiting<T>> queue = bySource.get(source);
        T item = queue.pollLast().item();
        if (queue.isEmpty()) {
            bySource.remove(source);
        }
        size--;
        return item;
    }

    private record Waiting<T>(long arrival, T item) {
    }
}
