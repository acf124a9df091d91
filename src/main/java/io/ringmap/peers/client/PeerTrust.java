package io.ringmap.peers.client;

import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.security.cert.CertificateException;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * The TLS context peers are asked with when their certificates name the deployment rather than each pod's address
 * ({@code ringmap.peers.tls.server-name}): pods found by DNS are asked at their IP addresses, which a certificate
 * issued before the pod started cannot list. The chain is checked by the trust store's own trust manager, as for any
 * server; instead of the address asked, the certificate must carry {@code serverName} among its DNS names.
 */
public final class PeerTrust {

    private PeerTrust() {}

    /**
     * A TLS context with the bundle's key managers (mutual TLS) and its trust managers, each checking the server's
     * name against {@code serverName} instead of the address asked.
     */
    public static SSLContext context(String protocol, KeyManager[] keys, TrustManager[] trust, String serverName) {
        Objects.requireNonNull(serverName, "serverName must not be null");
        TrustManager[] named = new TrustManager[trust.length];
        for (int i = 0; i < trust.length; i++) {
            named[i] = trust[i] instanceof X509TrustManager x509 ? new Named(x509, serverName) : trust[i];
        }
        try {
            SSLContext context = SSLContext.getInstance(protocol);
            context.init(keys, named, new SecureRandom());
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the peers' TLS context cannot be made: " + e.getMessage(), e);
        }
    }

    private static final class Named extends X509ExtendedTrustManager {
        private final X509TrustManager chain;
        private final String serverName;

        Named(X509TrustManager chain, String serverName) {
            this.chain = chain;
            this.serverName = serverName.toLowerCase(Locale.ROOT);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] certificates, String authType) throws CertificateException {
            chain.checkServerTrusted(certificates, authType); // the chain only: no endpoint identification here
            List<String> names = dnsNames(certificates[0]);
            if (!names.contains(serverName)) {
                throw new CertificateException("the peer's certificate does not name " + serverName
                        + " (ringmap.peers.tls.server-name); it names " + names);
            }
        }

        @Override
        public void checkServerTrusted(X509Certificate[] certificates, String authType, Socket socket)
                throws CertificateException {
            checkServerTrusted(certificates, authType);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] certificates, String authType, SSLEngine engine)
                throws CertificateException {
            checkServerTrusted(certificates, authType);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] certificates, String authType) throws CertificateException {
            chain.checkClientTrusted(certificates, authType);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] certificates, String authType, Socket socket)
                throws CertificateException {
            chain.checkClientTrusted(certificates, authType);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] certificates, String authType, SSLEngine engine)
                throws CertificateException {
            chain.checkClientTrusted(certificates, authType);
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return chain.getAcceptedIssuers();
        }

        private static List<String> dnsNames(X509Certificate certificate) throws CertificateParsingException {
            Collection<List<?>> alternatives = certificate.getSubjectAlternativeNames();
            if (alternatives == null) {
                return List.of();
            }
            // type 2: dNSName (RFC 5280 4.2.1.6)
            return alternatives.stream()
                    .filter(a -> Integer.valueOf(2).equals(a.get(0)))
                    .map(a -> a.get(1).toString().toLowerCase(Locale.ROOT))
                    .toList();
        }
    }
}
