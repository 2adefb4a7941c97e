package io.rxhealth.ovs.health;

/** Why an agent poll produced no reply line. Every one leaves the member's agent state as it was. */
public enum AgentFailure {
    /** The connection could not be made (refused, unreachable, source address missing). */
    CONNECT,
    /** No complete line within the timeout (HAProxy: L7TOUT). */
    TIMEOUT,
    /** Closed without sending a byte (HAProxy: "TCPCHK got an empty response"). */
    EMPTY,
    /** Closed after bytes without a line end (HAProxy: "Ignoring incomplete line from agent"). */
    INCOMPLETE,
    /** More bytes than a reply may have, without a line end. */
    TOO_LONG,
    /** Any other I/O error (reset by peer, ...). */
    IO
}
