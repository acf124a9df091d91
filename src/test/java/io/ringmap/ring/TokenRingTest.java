package io.ringmap.ring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringmap.token.ByteOrderedPartitioner;
import io.ringmap.token.LongToken;
import io.ringmap.token.Murmur3Partitioner;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TokenRingTest {

    private final TokenRing ring = Rings.reference();

    @Test
    void primaryIsTheFirstNodeTokenAtOrAfterTheToken() {
        assertThat(owner(1523456789012345678L)).isEqualTo("127.0.0.3");
        assertThat(owner(4611686018427387904L)).isEqualTo("127.0.0.3"); // a node token owns itself
        assertThat(owner(4611686018427387905L)).isEqualTo("127.0.0.4");
        assertThat(owner(0L)).isEqualTo("127.0.0.2");
        assertThat(owner(1L)).isEqualTo("127.0.0.3");
    }

    @Test
    void wrapsToTheLowestTokenPastTheHighest() {
        assertThat(owner(-9000000000000000000L)).isEqualTo("127.0.0.1");
        assertThat(owner(Long.MIN_VALUE)).isEqualTo("127.0.0.1");
        Map<Node, List<io.ringmap.token.Token>> m = Map.of(
                Rings.node("a", "10.0.0.1", "dc", "r"),
                List.of(new LongToken(100)),
                Rings.node("b", "10.0.0.2", "dc", "r"),
                List.of(new LongToken(200)));
        TokenRing r = TokenRing.of(Murmur3Partitioner.INSTANCE, m);
        assertThat(r.nodes().get(r.ownerAt(r.primaryIndex(new LongToken(201)))).address())
                .isEqualTo("10.0.0.1");
    }

    @Test
    void firstRangeWrapsFromTheLastToken() {
        TokenRange first = ring.rangeAt(0);
        assertThat(first.start()).isEqualTo(new LongToken(Long.MAX_VALUE));
        assertThat(first.end()).isEqualTo(new LongToken(-4611686018427387904L));
        assertThat(first.wraps()).isTrue();
        // N4 sits at the maximum token, so the wrapping range has no piece past the end of the ring
        assertThat(ring.unwrap(first))
                .containsExactly(new TokenRange(Murmur3Partitioner.MINIMUM, new LongToken(-4611686018427387904L)));
    }

    @Test
    void unwrapsASingleTokenRingIntoTwoPieces() {
        TokenRing single = TokenRing.of(
                Murmur3Partitioner.INSTANCE,
                Map.of(Rings.node("a", "10.0.0.1", "dc", "r"), List.of(new LongToken(42))));
        assertThat(single.rangeAt(0).wraps()).isTrue();
        assertThat(single.unwrap(single.rangeAt(0)))
                .containsExactly(
                        new TokenRange(new LongToken(42), Murmur3Partitioner.MAXIMUM),
                        new TokenRange(Murmur3Partitioner.MINIMUM, new LongToken(42)));
    }

    @Test
    void unwrapsAByteOrderedRangeToTheRingEnd() {
        ByteOrderedPartitioner p = ByteOrderedPartitioner.INSTANCE;
        TokenRing bop = TokenRing.of(
                p,
                Map.of(
                        Rings.node("a", "10.0.0.1", "dc", "r"),
                        List.of(p.parseToken("40")),
                        Rings.node("b", "10.0.0.2", "dc", "r"),
                        List.of(p.parseToken("80"))));
        assertThat(bop.unwrap(bop.rangeAt(0)))
                .containsExactly(
                        new TokenRange(p.parseToken("80"), ByteOrderedPartitioner.MINIMUM),
                        new TokenRange(ByteOrderedPartitioner.MINIMUM, p.parseToken("40")));
    }

    @Test
    void rejectsATokenClaimedByTwoNodes() {
        assertThatThrownBy(() -> TokenRing.of(
                        Murmur3Partitioner.INSTANCE,
                        Map.of(
                                Rings.node("a", "10.0.0.1", "dc", "r"), List.of(new LongToken(1)),
                                Rings.node("b", "10.0.0.2", "dc", "r"), List.of(new LongToken(1)))))
                .hasMessageContaining("token 1 is owned by both");
    }

    private String owner(long token) {
        return ring.nodes()
                .get(ring.ownerAt(ring.primaryIndex(new LongToken(token))))
                .address();
    }
}
