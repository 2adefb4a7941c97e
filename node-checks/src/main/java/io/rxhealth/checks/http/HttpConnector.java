package io.rxhealth.checks.http;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.net.URL;
import java.util.Optional;
import javax.net.ssl.HostnameVerifier;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLSocketFactory;

/**
 * Opens connections for one {@link Tls} choice. Never through a proxy (a health probe measures
 * the service, not whatever {@code http_proxy} or a proxy selector says), never following
 * redirects (a 302 to a login page is not "healthy"), never from a cache. For https the choice's
 * socket factory and hostname verifier are built once here and shared by every endpoint with
 * that choice; system trust keeps the JDK's defaults, which set up TLS only when an https
 * endpoint is first probed.
 */
final class HttpConnector {
    private final Optional<SSLSocketFactory> sockets;
    private final Optional<HostnameVerifier> hostNames;

    private HttpConnector(Optional<SSLSocketFactory> sockets, Optional<HostnameVerifier> hostNames) {
        this.sockets = sockets;
        this.hostNames = hostNames;
    }

    /** Throws {@link IllegalArgumentException} when a CA file cannot be read. */
    static HttpConnector of(Tls tls) {
        requireNonNull(tls, "tls");
        if (tls instanceof Tls.CaFile caFile) {
            // The JDK's default verifier stays: with it the trust manager checks the host name.
            return new HttpConnector(Optional.of(TlsContexts.trusting(caFile.pem()).getSocketFactory()), Optional.empty());
        } else if (tls instanceof Tls.Insecure) {
            return new HttpConnector(Optional.of(TlsContexts.trustingAnything().getSocketFactory()),
                    Optional.of(TlsContexts.anyHostName()));
        } else if (tls instanceof Tls.SystemTrust) {
            return new HttpConnector(Optional.empty(), Optional.empty());
        }
        throw new IllegalArgumentException("tls: " + tls + " (expected: system trust, a CA file or insecure)");
    }

    /** A connection to {@code url}, not yet connected. */
    HttpURLConnection open(URL url) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) url.openConnection(Proxy.NO_PROXY);
        connection.setInstanceFollowRedirects(false);
        connection.setUseCaches(false);
        if (connection instanceof HttpsURLConnection https) {
            sockets.ifPresent(https::setSSLSocketFactory);
            hostNames.ifPresent(https::setHostnameVerifier);
        }
        return connection;
    }
}
