/**
 * The agent-check server HAProxy and the LB daemon poll on TCP 9505: {@link
 * io.rxhealth.haproxy.AgentCheckServer} answers each connection with the line last published on a
 * {@link io.rxhealth.haproxy.ReplyBoard}, listening on a bound address or on the socket systemd
 * passes on stdin ({@link io.rxhealth.haproxy.Listen}).
 */
package io.rxhealth.haproxy;
