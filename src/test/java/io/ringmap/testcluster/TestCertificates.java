package io.ringmap.testcluster;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * Certificates for TLS tests, generated with BouncyCastle: a CA, and certificates it issues for nodes (server and
 * client use, with IP and DNS subject alternative names) and clients, valid now or already expired; written as
 * PKCS12 key and trust stores or as PEM files.
 */
public final class TestCertificates {

    private static final AtomicLong SERIALS = new AtomicLong(System.currentTimeMillis());

    private TestCertificates() {}

    /** A certificate and its private key, with the chain up to (and including) its CA. */
    public record Issued(KeyPair keys, List<X509Certificate> chain) {

        public X509Certificate certificate() {
            return chain.get(0);
        }

        /** Writes the key and chain as the single entry of a PKCS12 keystore. */
        public Path writeKeystore(Path file, String password) {
            try {
                KeyStore store = KeyStore.getInstance("PKCS12");
                store.load(null, null);
                store.setKeyEntry("key", keys.getPrivate(), password.toCharArray(), chain.toArray(new Certificate[0]));
                return write(store, file, password);
            } catch (GeneralSecurityException | IOException e) {
                throw new IllegalStateException("cannot write keystore " + file, e);
            }
        }

        /** Writes the chain (leaf first) and the unencrypted PKCS#8 private key as PEM files. */
        public void writePem(Path certificateFile, Path privateKeyFile) {
            writePemObjects(certificateFile, List.copyOf(chain));
            writePemObjects(privateKeyFile, List.of(keys.getPrivate()));
        }
    }

    /** The CA certificates as one PEM file (a PEM "truststore"). */
    public static Path writePemCertificates(Path file, Issued... authorities) {
        List<Object> certificates = new ArrayList<>();
        for (Issued authority : authorities) {
            certificates.add(authority.certificate());
        }
        return writePemObjects(file, certificates);
    }

    private static Path writePemObjects(Path file, List<?> objects) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            try (JcaPEMWriter pem = new JcaPEMWriter(Files.newBufferedWriter(file))) {
                for (Object o : objects) {
                    if (o instanceof PrivateKey key) {
                        pem.writeObject(new JcaPKCS8Generator(key, null)); // "PRIVATE KEY", PKCS#8
                    } else {
                        pem.writeObject(o);
                    }
                }
            }
            return file.toAbsolutePath();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** A self-signed certificate authority, valid from yesterday for ten years. */
    public static Issued authority(String commonName) {
        KeyPair keys = rsa();
        Instant now = Instant.now();
        X500Name name = new X500Name("CN=" + commonName);
        try {
            JcaX509ExtensionUtils ext = new JcaX509ExtensionUtils();
            org.bouncycastle.cert.X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                            name,
                            serial(),
                            Date.from(now.minus(Duration.ofDays(1))),
                            Date.from(now.plus(Duration.ofDays(3650))),
                            name,
                            keys.getPublic())
                    .addExtension(Extension.basicConstraints, true, new BasicConstraints(true))
                    .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign))
                    .addExtension(
                            Extension.subjectKeyIdentifier, false, ext.createSubjectKeyIdentifier(keys.getPublic()));
            return new Issued(keys, List.of(sign(builder, keys)));
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A certificate signed by {@code ca} for server and client use, valid in [{@code notBefore}, {@code notAfter}],
     * with the given IP addresses (and localhost) as subject alternative names.
     */
    public static Issued issue(
            Issued ca, String commonName, Instant notBefore, Instant notAfter, String... ipAddresses) {
        KeyPair keys = rsa();
        try {
            List<GeneralName> names = new ArrayList<>();
            names.add(new GeneralName(GeneralName.dNSName, "localhost"));
            for (String ip : ipAddresses) {
                names.add(new GeneralName(GeneralName.iPAddress, ip));
            }
            JcaX509ExtensionUtils ext = new JcaX509ExtensionUtils();
            org.bouncycastle.cert.X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                            ca.certificate(),
                            serial(),
                            Date.from(notBefore),
                            Date.from(notAfter),
                            new X500Name("CN=" + commonName),
                            keys.getPublic())
                    .addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
                    .addExtension(
                            Extension.keyUsage,
                            true,
                            new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment))
                    .addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(new KeyPurposeId[] {
                        KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth
                    }))
                    .addExtension(
                            Extension.subjectAlternativeName,
                            false,
                            new GeneralNames(names.toArray(new GeneralName[0])))
                    .addExtension(
                            Extension.authorityKeyIdentifier,
                            false,
                            ext.createAuthorityKeyIdentifier(ca.certificate()));
            List<X509Certificate> chain = new ArrayList<>();
            chain.add(sign(builder, ca.keys()));
            chain.addAll(ca.chain());
            return new Issued(keys, List.copyOf(chain));
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A certificate valid from an hour ago for a day. */
    public static Issued issue(Issued ca, String commonName, String... ipAddresses) {
        Instant now = Instant.now();
        return issue(ca, commonName, now.minus(Duration.ofHours(1)), now.plus(Duration.ofDays(1)), ipAddresses);
    }

    /** A PKCS12 truststore holding the given CA certificates. */
    public static Path writeTruststore(Path file, String password, Issued... authorities) {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            for (int i = 0; i < authorities.length; i++) {
                store.setCertificateEntry("ca-" + i, authorities[i].certificate());
            }
            return write(store, file, password);
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot write truststore " + file, e);
        }
    }

    /** A client TLS context from PKCS12 stores; {@code keystore} may be null (no client certificate). */
    public static SSLContext sslContext(Path keystore, Path truststore, String password) {
        try {
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(load(truststore, password));
            KeyManagerFactory keys = null;
            if (keystore != null) {
                keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                keys.init(load(keystore, password), password.toCharArray());
            }
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys == null ? null : keys.getKeyManagers(), trust.getTrustManagers(), new SecureRandom());
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot build a TLS context", e);
        }
    }

    private static KeyStore load(Path file, String password) throws GeneralSecurityException {
        try (InputStream in = Files.newInputStream(file)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, password.toCharArray());
            return store;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path write(KeyStore store, Path file, String password) throws GeneralSecurityException, IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (OutputStream out = Files.newOutputStream(file)) {
            store.store(out, password.toCharArray());
        }
        return file.toAbsolutePath();
    }

    private static X509Certificate sign(org.bouncycastle.cert.X509v3CertificateBuilder builder, KeyPair signer)
            throws GeneralSecurityException {
        try {
            return new JcaX509CertificateConverter()
                    .getCertificate(
                            builder.build(new JcaContentSignerBuilder("SHA256withRSA").build(signer.getPrivate())));
        } catch (OperatorCreationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static BigInteger serial() {
        return BigInteger.valueOf(SERIALS.incrementAndGet());
    }

    private static KeyPair rsa() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
