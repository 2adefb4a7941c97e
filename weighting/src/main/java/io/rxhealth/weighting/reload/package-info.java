/**
 * {@code systemctl reload} for both programs: one rule for a config re-read at SIGHUP (bad keeps
 * the running one, same does nothing, new applies), so the agent and the LB daemon cannot come to
 * disagree on it. JDK only; each program registers the figures in its own metrics library.
 */
package io.rxhealth.weighting.reload;
