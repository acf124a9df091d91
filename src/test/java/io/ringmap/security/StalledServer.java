package io.ringmap.security;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A server on the loopback interface that accepts every connection, reads nothing and never answers. */
final class StalledServer {

    private final ServerSocket socket;
    private final List<Socket> held = new CopyOnWriteArrayList<>();

    private StalledServer(ServerSocket socket) {
        this.socket = socket;
    }

    /** Starts accepting on an ephemeral port in a daemon thread; connections stay open until the JVM stops. */
    static StalledServer start() {
        try {
            StalledServer server = new StalledServer(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()));
            Thread accepting = new Thread(server::accept, "stalled-server");
            accepting.setDaemon(true);
            accepting.start();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                held.add(socket.accept());
            } catch (IOException e) {
                return;
            }
        }
    }

    int port() {
        return socket.getLocalPort();
    }

    int connections() {
        return held.size();
    }
}
