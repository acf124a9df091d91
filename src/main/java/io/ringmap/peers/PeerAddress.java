package io.ringmap.peers;

import java.util.Objects;

/**
 * Where a peer's management port listens: a host name or IP address (IPv6 in brackets when written with its port)
 * and a port.
 */
public record PeerAddress(String host, int port) {

    public PeerAddress {
        Objects.requireNonNull(host, "host must not be null");
        if (host.isBlank()) {
            throw new IllegalArgumentException("a peer's host must not be empty");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("a peer's port must be between 1 and 65535, was " + port);
        }
    }

    /**
     * Reads {@code host:port} ({@code [v6]:port} for an IPv6 address).
     *
     * @throws IllegalArgumentException naming what is missing or wrong
     */
    public static PeerAddress parse(String text) {
        String entry = text.strip();
        int colon = entry.lastIndexOf(':');
        if (colon <= 0 || colon == entry.length() - 1) {
            throw new IllegalArgumentException("'" + entry + "' is not host:port (the peer's management port)");
        }
        String host = entry.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        } else if (host.contains(":")) {
            throw new IllegalArgumentException("'" + entry + "' is not host:port: write an IPv6 address in brackets");
        }
        int port;
        try {
            port = Integer.parseInt(entry.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + entry + "' is not host:port: the port is not a number");
        }
        return new PeerAddress(host, port);
    }

    /** {@code host:port}, brackets around an IPv6 address: as peers are named in answers. */
    @Override
    public String toString() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
