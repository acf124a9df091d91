package io.ringmap.token;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class Murmur3PartitionerTest {

    private static final Murmur3Partitioner P = Murmur3Partitioner.INSTANCE;

    private static long token(String hex) {
        return P.tokenFor(HexFormat.of().parseHex(hex)).value();
    }

    @Test
    void hashesIntOneAsCassandraDoes() {
        assertThat(token("00000001")).isEqualTo(-4069959284402364209L);
    }

    @Test
    void signExtendsTailBytesAbove0x7f() {
        // int 128: the tail byte 0x80 is sign-extended by Cassandra, unlike stock MurmurHash3
        assertThat(token("00000080")).isEqualTo(-9081975895656599623L);
    }

    @Test
    void hashesUtf8TextWithHighBytes() {
        assertThat(P.tokenFor("é".getBytes(StandardCharsets.UTF_8)).value()).isEqualTo(5461403030378599040L);
    }

    @Test
    void mapsTheEmptyKeyToTheMinimumToken() {
        assertThat(P.tokenFor(new byte[0])).isEqualTo(Murmur3Partitioner.MINIMUM);
    }

    @Test
    void normalizesTheSentinelHashToTheMaximumToken() {
        assertThat(Murmur3Partitioner.normalize(Long.MIN_VALUE)).isEqualTo(Long.MAX_VALUE);
        assertThat(Murmur3Partitioner.normalize(Long.MIN_VALUE + 1)).isEqualTo(Long.MIN_VALUE + 1);
        assertThat(Murmur3Partitioner.normalize(0)).isZero();
        assertThat(Murmur3Partitioner.normalize(Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void neverReturnsTheSentinelForANonEmptyKey() {
        for (int i = 0; i < 100_000; i++) {
            byte[] key = Integer.toString(i).getBytes(StandardCharsets.UTF_8);
            assertThat(P.tokenFor(key).value()).isNotEqualTo(Long.MIN_VALUE);
        }
    }

    @Test
    void parsesAndPrintsTokensAsCassandraDoes() {
        assertThat(P.parseToken("-9223372036854775808")).isEqualTo(Murmur3Partitioner.MINIMUM);
        assertThat(P.parseToken("42").toString()).isEqualTo("42");
    }

    @Test
    void rejectsTokensOutsideTheSigned64BitRange() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> P.parseToken("9223372036854775808"))
                .isInstanceOf(TokenFormatException.class)
                .hasMessageContaining("9223372036854775808");
    }

    @Test
    void ringShareInDoublesMatchesExactArithmetic() {
        java.util.Random random = new java.util.Random(64);
        java.math.BigDecimal ring =
                new java.math.BigDecimal(java.math.BigInteger.TWO.pow(64).subtract(java.math.BigInteger.ONE));
        for (int i = 0; i < 10_000; i++) {
            long a = random.nextLong();
            long b = i % 100 == 0 ? Long.MIN_VALUE : random.nextLong();
            LongToken start = new LongToken(Math.min(a, b == Long.MIN_VALUE ? a : b));
            LongToken end = new LongToken(b == Long.MIN_VALUE ? b : Math.max(a, b));
            long endValue = end.value() == Long.MIN_VALUE ? Long.MAX_VALUE : end.value();
            double exact = new java.math.BigDecimal(java.math.BigInteger.valueOf(endValue)
                            .subtract(java.math.BigInteger.valueOf(start.value())))
                    .divide(ring, java.math.MathContext.DECIMAL64)
                    .doubleValue();
            org.assertj.core.api.Assertions.assertThat(Murmur3Partitioner.INSTANCE.ringShare(start, end))
                    .isCloseTo(Math.max(exact, 0), org.assertj.core.api.Assertions.within(1e-15));
        }
        org.assertj.core.api.Assertions.assertThat(
                        Murmur3Partitioner.INSTANCE.ringShare(Murmur3Partitioner.MINIMUM, Murmur3Partitioner.MINIMUM))
                .isEqualTo(1.0);
    }
}
