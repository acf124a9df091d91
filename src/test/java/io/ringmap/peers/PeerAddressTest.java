package io.ringmap.peers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PeerAddressTest {

    @Test
    void readsHostAndPort() {
        assertThat(PeerAddress.parse(" ringmap-0.ringmap-peers:8081 "))
                .isEqualTo(new PeerAddress("ringmap-0.ringmap-peers", 8081));
    }

    @Test
    void readsAnIpv6AddressInBracketsAndWritesItBack() {
        PeerAddress address = PeerAddress.parse("[fd00::12]:8081");

        assertThat(address.host()).isEqualTo("fd00::12");
        assertThat(address).hasToString("[fd00::12]:8081");
    }

    @Test
    void namesWhatIsWrong() {
        assertThatThrownBy(() -> PeerAddress.parse("ringmap-0"))
                .hasMessage("'ringmap-0' is not host:port (the peer's management port)");
        assertThatThrownBy(() -> PeerAddress.parse("ringmap-0:http"))
                .hasMessage("'ringmap-0:http' is not host:port: the port is not a number");
        assertThatThrownBy(() -> PeerAddress.parse("fd00::12:8081"))
                .hasMessage("'fd00::12:8081' is not host:port: write an IPv6 address in brackets");
        assertThatThrownBy(() -> PeerAddress.parse("ringmap-0:70000"))
                .hasMessage("a peer's port must be between 1 and 65535, was 70000");
    }

    @Test
    void aStaticListKeepsTheOrderDropsRepeatsAndBlankEntries() {
        assertThat(PeerList.parse("b:1, a:2,,b:1,")).containsExactly(new PeerAddress("b", 1), new PeerAddress("a", 2));
        assertThat(PeerList.parse(null)).isEmpty();
    }
}
