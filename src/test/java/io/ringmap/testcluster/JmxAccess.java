package io.ringmap.testcluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How the nodes' JMX is protected when it is not the default open loopback port: password authentication with the
 * JDK's password and access files ({@code com.sun.management.jmxremote.authenticate}, {@code .password.file},
 * {@code .access.file}, which Cassandra's {@code JMXServerUtils} honours) and optionally RMI over TLS
 * ({@code com.sun.management.jmxremote.ssl} with the node's keystore as the JVM's default key store). The harness's
 * nodetool runs log in as {@code user} and, with TLS, trust {@code truststore} ({@code -Dssl.enable=true}, as
 * {@code NodeProbe} reads it).
 *
 * @param user          a {@code readwrite} user the harness's nodetool uses
 * @param password      its password
 * @param passwordFile  the JDK password file ({@code <user> <password>} per line), owner-readable only
 * @param accessFile    the JDK access file ({@code <user> readonly|readwrite} per line)
 * @param keystore      the nodes' key and certificate (PKCS12), or null for JMX without TLS
 * @param truststore    the CA the harness trusts for the nodes' certificates (PKCS12), with a keystore
 * @param storePassword the password of both stores
 */
public record JmxAccess(
        String user,
        String password,
        Path passwordFile,
        Path accessFile,
        Path keystore,
        Path truststore,
        String storePassword) {

    public JmxAccess {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
        passwordFile = passwordFile.toAbsolutePath().normalize();
        accessFile = accessFile.toAbsolutePath().normalize();
        if (keystore != null) {
            keystore = keystore.toAbsolutePath().normalize();
            truststore = Objects.requireNonNull(truststore, "truststore")
                    .toAbsolutePath()
                    .normalize();
            Objects.requireNonNull(storePassword, "storePassword");
        }
    }

    /**
     * Writes the password and access files into {@code dir}: every {@code users} entry (name, password, access)
     * plus the harness's own {@code user} with {@code readwrite}.
     */
    public static JmxAccess write(
            Path dir,
            String user,
            String password,
            List<String[]> users,
            Path keystore,
            Path truststore,
            String storePassword) {
        try {
            Files.createDirectories(dir);
            List<String> passwords = new ArrayList<>(List.of(user + " " + password));
            List<String> access = new ArrayList<>(List.of(user + " readwrite"));
            for (String[] u : users) {
                passwords.add(u[0] + " " + u[1]);
                access.add(u[0] + " " + u[2]);
            }
            Path passwordFile = dir.resolve("jmxremote.password");
            Files.deleteIfExists(passwordFile);
            Files.write(passwordFile, passwords);
            Files.setPosixFilePermissions(passwordFile, PosixFilePermissions.fromString("rw-------"));
            Path accessFile = Files.write(dir.resolve("jmxremote.access"), access);
            return new JmxAccess(user, password, passwordFile, accessFile, keystore, truststore, storePassword);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public boolean tls() {
        return keystore != null;
    }

    /** The node JVM's system properties. */
    List<String> serverOptions() {
        List<String> options = new ArrayList<>(List.of(
                // Cassandra's JMXPluggableAuthenticatorWrapper constructs the JDK's file authenticator reflectively
                "--add-exports",
                "java.management/com.sun.jmx.remote.security=ALL-UNNAMED",
                "-Dcom.sun.management.jmxremote.authenticate=true",
                "-Dcom.sun.management.jmxremote.password.file=" + passwordFile,
                "-Dcom.sun.management.jmxremote.access.file=" + accessFile));
        if (tls()) {
            options.addAll(List.of(
                    "-Dcom.sun.management.jmxremote.ssl=true",
                    "-Dcom.sun.management.jmxremote.ssl.need.client.auth=false",
                    "-Djavax.net.ssl.keyStore=" + keystore,
                    "-Djavax.net.ssl.keyStoreType=PKCS12",
                    "-Djavax.net.ssl.keyStorePassword=" + storePassword));
        }
        return options;
    }

    /** The nodetool JVM's system properties. */
    List<String> toolOptions() {
        return !tls()
                ? List.of()
                : List.of(
                        "-Dssl.enable=true",
                        "-Djavax.net.ssl.trustStore=" + truststore,
                        "-Djavax.net.ssl.trustStoreType=PKCS12",
                        "-Djavax.net.ssl.trustStorePassword=" + storePassword);
    }

    /** nodetool's login arguments. */
    List<String> toolArguments() {
        return List.of("-u", user, "-pw", password);
    }

    @Override
    public String toString() {
        return "JmxAccess[user=" + user + ", tls=" + tls() + "]"; // never print a password
    }
}
