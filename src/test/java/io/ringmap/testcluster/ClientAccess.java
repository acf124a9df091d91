package io.ringmap.testcluster;

import java.nio.file.Path;
import java.util.Objects;

/**
 * How clients reach a test cluster's CQL port when it is not the default open plaintext: TLS
 * ({@code client_encryption_options}), optionally requiring a client certificate, and/or Cassandra's
 * {@code PasswordAuthenticator} (default superuser {@code cassandra}/{@code cassandra}). The harness's own sessions
 * use the same settings: the truststore to trust the nodes, the keystore as their client certificate.
 *
 * @param keystore          the nodes' key and certificate chain (PKCS12), or null for no TLS; also the harness's
 *                          client identity when {@code requireClientAuth}
 * @param truststore        the CA certificates the nodes trust for client certificates and the harness trusts for
 *                          node certificates (PKCS12)
 * @param storePassword     the password of both stores
 * @param requireClientAuth mutual TLS: nodes reject clients without a certificate their truststore trusts
 * @param passwordAuth      {@code authenticator: PasswordAuthenticator}
 */
public record ClientAccess(
        Path keystore, Path truststore, String storePassword, boolean requireClientAuth, boolean passwordAuth) {

    /** The superuser Cassandra creates on first start when PasswordAuthenticator is on. */
    public static final String SUPERUSER = "cassandra";

    public ClientAccess {
        if (keystore != null) {
            Objects.requireNonNull(truststore, "truststore");
            Objects.requireNonNull(storePassword, "storePassword");
            keystore = keystore.toAbsolutePath().normalize();
            truststore = truststore.toAbsolutePath().normalize();
        } else if (requireClientAuth) {
            throw new IllegalArgumentException("client certificates need TLS: give a keystore");
        }
    }

    /** TLS with the given stores, and PasswordAuthenticator when {@code passwordAuth}. */
    public static ClientAccess tls(
            Path keystore, Path truststore, String storePassword, boolean requireClientAuth, boolean passwordAuth) {
        return new ClientAccess(keystore, truststore, storePassword, requireClientAuth, passwordAuth);
    }

    public boolean tls() {
        return keystore != null;
    }

    @Override
    public String toString() {
        return "ClientAccess[tls=" + tls() + ", requireClientAuth=" + requireClientAuth + ", passwordAuth="
                + passwordAuth + "]"; // never print the store password
    }
}
