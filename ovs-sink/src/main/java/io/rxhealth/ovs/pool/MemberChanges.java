package io.rxhealth.ovs.pool;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Where {@link MemberRuntime}s say that a change which can move the layout happened. The members
 * exist before what reacts to them (the reconcile loop is built over the controller, which is
 * built over the members), so the reactions subscribe once they exist; a change before any
 * subscriber has no one to tell. Thread-safe: members signal from the probe and poller threads.
 */
public final class MemberChanges implements Runnable {
    private final List<Runnable> subscribers = new CopyOnWriteArrayList<>();

    /** {@code subscriber} runs on the signalling thread at every change from now on: it must be cheap. */
    public void subscribe(Runnable subscriber) {
        subscribers.add(requireNonNull(subscriber, "subscriber"));
    }

    /** Tells every subscriber, in the order they subscribed. */
    @Override
    public void run() {
        for (Runnable s : subscribers) {
            s.run();
        }
    }
}
