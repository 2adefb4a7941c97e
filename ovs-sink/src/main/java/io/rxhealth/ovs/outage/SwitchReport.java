package io.rxhealth.ovs.outage;

/**
 * The node's own switch in {@code /status}.
 *
 * @param watched false without a topology: nobody checks the switch, it is taken as up
 * @param state   {@code up}, or {@code down} while probe failures through it are frozen
 * @param since   when the state last changed (ISO-8601), the start for a switch never down
 * @param outages outages seen since the start
 */
public record SwitchReport(boolean watched, String state, String since, long outages) {
}
