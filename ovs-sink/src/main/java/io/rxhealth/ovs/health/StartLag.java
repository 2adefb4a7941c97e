package io.rxhealth.ovs.health;

/**
 * Told, for every probe or poll, how late it was opened against its schedule: the schedule lag of
 * a paced load, which shows when the loop or the host falls behind (a member checked late is a
 * member judged late). Called on the loop's thread: must be quick.
 */
@FunctionalInterface
public interface StartLag {
    StartLag NONE = late -> { };

    void opened(long lateNanos);
}
