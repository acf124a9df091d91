package io.ringmap.peers.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.peers.PeerAddress;
import io.ringmap.peers.PeerList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which entries of a peer list are this instance (PeersDnsIT does the same with a DNS name and real processes). */
class PeerDirectoryTest {

    private static final List<PeerAddress> LIST =
            PeerList.parse("127.0.0.180:9001,127.0.0.181:9001,127.0.0.180:9002,10.255.255.1:9001");

    @Test
    void boundToOneAddressOnlyThatAddressAtItsPortIsItself() {
        // as pods behind a headless Service: every instance at the same port, each on its own address
        PeerDirectory directory = new PeerDirectory(null, LIST, () -> 9001, "127.0.0.180");

        directory.refresh();

        assertThat(directory.peers())
                .map(PeerAddress::toString)
                .containsExactly("10.255.255.1:9001", "127.0.0.180:9002", "127.0.0.181:9001");
        assertThat(directory.problem()).isNull();
    }

    @Test
    void onEveryInterfaceEveryLoopbackAddressAtItsPortIsItself() {
        PeerDirectory directory = new PeerDirectory(null, LIST, () -> 9001, null);

        directory.refresh();

        assertThat(directory.peers())
                .map(PeerAddress::toString)
                .containsExactly("10.255.255.1:9001", "127.0.0.180:9002");
    }

    @Test
    void boundToTheWildcardAddressIsOnEveryInterface() {
        PeerDirectory directory = new PeerDirectory(null, LIST, () -> 9001, "0.0.0.0");

        directory.refresh();

        assertThat(directory.peers())
                .map(PeerAddress::toString)
                .containsExactly("10.255.255.1:9001", "127.0.0.180:9002");
    }
}
