package io.rxhealth.checks.http;

import io.rxhealth.checks.failure.FailureWords;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Collection;
import javax.net.ssl.HostnameVerifier;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/** Builds the {@link SSLContext} (and, for insecure, the host name verifier) of a {@link Tls} choice other than system trust. */
final class TlsContexts {
    private TlsContexts() {
    }

    /** A context whose only trust anchors are the certificates in the PEM file {@code pem}. */
    static SSLContext trusting(Path pem) {
        Collection<? extends Certificate> certificates;
        try (InputStream in = Files.newInputStream(pem)) {
            // The X.509 factory reads PEM (Base64 between BEGIN/END lines) as well as DER.
            certificates = CertificateFactory.getInstance("X.509").generateCertificates(in);
        } catch (IOException | GeneralSecurityException e) {
            throw badCaFile(pem, FailureWords.of(e));
        }
        if (certificates.isEmpty()) {
            throw badCaFile(pem, "no certificate in it");
        }
        try {
            KeyStore anchors = KeyStore.getInstance(KeyStore.getDefaultType());
            anchors.load(null, null);
            int i = 0;
            for (Certificate certificate : certificates) {
                anchors.setCertificateEntry("ca-" + i++, certificate);
            }
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(anchors);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, factory.getTrustManagers(), null);
            return context;
        } catch (IOException | GeneralSecurityException e) {
            throw badCaFile(pem, FailureWords.of(e));
        }
    }

    /**
     * A context that accepts any server certificate. The name check is not the trust manager's
     * here: {@link javax.net.ssl.HttpsURLConnection} asks the trust manager to check the host name
     * only while its default verifier is set, so an insecure connection also gets
     * {@link #anyHostName()}. See {@link Tls.Insecure} for the risk.
     */
    static SSLContext trustingAnything() {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] {new TrustAnything()}, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("tls: insecure (expected: a TLS context from the JDK; " + FailureWords.of(e) + ")", e);
        }
    }

    /** A verifier that accepts a certificate issued for any name; only with {@link #trustingAnything()}. */
    static HostnameVerifier anyHostName() {
        return (hostName, session) -> true;
    }

    private static IllegalArgumentException badCaFile(Path pem, String reason) {
        return new IllegalArgumentException("caFile: '" + pem + "' (expected: a readable PEM file with at least one "
                + "certificate; " + reason + ")");
    }

    private static final class TrustAnything extends X509ExtendedTrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {
            // Accepts everything by design: Tls.Insecure.
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {
            // Accepts everything by design: Tls.Insecure.
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
            // Accepts everything by design: Tls.Insecure.
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
            // Accepts everything by design: Tls.Insecure.
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
            // Accepts everything by design: Tls.Insecure.
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
            // Accepts everything by design: Tls.Insecure.
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
