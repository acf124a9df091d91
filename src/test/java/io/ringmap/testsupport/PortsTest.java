package io.ringmap.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PortsTest {

    @Test
    void eachPortIsHandedOutOnceBelowTheEphemeralRangeAndCanBeBound() throws IOException {
        Set<Integer> ports = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            ports.add(Ports.free());
        }
        assertThat(ports).hasSize(200).allSatisfy(port -> assertThat(port).isGreaterThanOrEqualTo(20_000));
        int port = Ports.free();
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(port));
            assertThat(socket.getLocalPort()).isEqualTo(port);
        }
    }

    @Test
    void aServerOnPortZeroNeverGetsOneOfThem() throws IOException {
        Set<Integer> handedOut = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            handedOut.add(Ports.free());
        }
        for (int i = 0; i < 100; i++) {
            try (ServerSocket socket = new ServerSocket(0)) {
                assertThat(handedOut).doesNotContain(socket.getLocalPort());
            }
        }
    }
}
