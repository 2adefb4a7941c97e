package io.rxhealth.checks.http;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Whom an https endpoint's certificate must be trusted by. Endpoints with equal {@code Tls} share
 * one TLS socket factory (see {@link HttpClients}).
 */
public sealed interface Tls permits Tls.SystemTrust, Tls.CaFile, Tls.Insecure {

    /** The JDK's default trust store and hostname verification; also the only choice for http://. */
    record SystemTrust() implements Tls {
        @Override
        public String toString() {
            return "system trust";
        }
    }

    /**
     * Certificates in {@code pem} (one or more PEM blocks) are the only trust anchors, e.g. the
     * customer's internal CA; hostname verification stays on.
     */
    record CaFile(Path pem) implements Tls {
        public CaFile {
            requireNonNull(pem, "pem");
        }

        @Override
        public String toString() {
            return "ca file " + pem;
        }
    }

    /**
     * Trust any certificate and skip hostname verification. The probe is then open to anyone who
     * can intercept the connection: they can answer "healthy" for a dead service. Use it only
     * for a service on the same host or a trusted segment whose certificate cannot be checked
     * (self-signed, issued for another name), and prefer {@link CaFile}.
     */
    record Insecure() implements Tls {
        @Override
        public String toString() {
            return "insecure";
        }
    }

    static Tls system() {
        return new SystemTrust();
    }

    static Tls caFile(Path pem) {
        return new CaFile(pem);
    }

    static Tls insecure() {
        return new Insecure();
    }

    /** From the two configuration knobs; setting both is an error, setting neither is system trust. */
    static Tls of(Optional<Path> caFile, boolean insecure) {
        if (caFile.isPresent() && insecure) {
            throw new IllegalArgumentException("tls: ca file " + caFile.get()
                    + " and insecure (expected: at most one of them)");
        }
        return caFile.<Tls>map(CaFile::new).orElseGet(insecure ? Insecure::new : SystemTrust::new);
    }
}
