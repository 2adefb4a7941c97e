/**
 * HTTP endpoint checks: one {@link io.rxhealth.checks.http.HttpEndpointCheck} per
 * {@link io.rxhealth.checks.http.EndpointSpec}, each keeping a sliding window of its last probes
 * for latency percentiles and the error rate ({@link io.rxhealth.checks.http.WindowThresholds},
 * {@link io.rxhealth.checks.http.EndpointStats}).
 *
 * <p>Wiring, in the application's {@code main}:
 * <ol>
 *   <li>if any endpoint sets a Host header, call
 *       {@link io.rxhealth.checks.http.HttpClients#allowHostHeader()} before anything else uses
 *       {@link java.net.HttpURLConnection} (the JDK reads its switch once), or start the JVM with
 *       {@code -Dsun.net.http.allowRestrictedHeaders=true};</li>
 *   <li>create one {@link io.rxhealth.checks.http.HttpClients} and pass it to every check, so
 *       endpoints with the same TLS settings share one TLS socket factory, and all share the one
 *       thread that ends probes at their timeout;</li>
 *   <li>give each check the system {@code Ticker} and {@code InstantSource}.</li>
 * </ol>
 *
 * <p>Failure rule: a wrong status or body is a CRIT result; no response at all (refused, reset,
 * empty reply, TLS failure, timeout) is an exception, which the runner reports as UNKNOWN.
 */
package io.rxhealth.checks.http;
