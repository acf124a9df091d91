package io.ringmap.token;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class RandomAndByteOrderedPartitionerTest {

    private static final RandomPartitioner RANDOM = RandomPartitioner.INSTANCE;
    private static final ByteOrderedPartitioner BOP = ByteOrderedPartitioner.INSTANCE;

    @Test
    void randomTokenIsTheAbsoluteValueOfTheSignedMd5() throws Exception {
        byte[] key = "sensor-17".getBytes(StandardCharsets.UTF_8);
        BigInteger signed = new BigInteger(MessageDigest.getInstance("MD5").digest(key));
        assertThat(RANDOM.tokenFor(key).value()).isEqualTo(signed.abs());
    }

    @Test
    void randomTokensStayWithinZeroTo2Pow127() {
        for (int i = 0; i < 10_000; i++) {
            BigInteger t = RANDOM.tokenFor(Integer.toString(i).getBytes(StandardCharsets.UTF_8))
                    .value();
            assertThat(t.signum()).isGreaterThanOrEqualTo(0);
            assertThat(t.compareTo(RandomPartitioner.MAXIMUM)).isLessThanOrEqualTo(0);
        }
    }

    @Test
    void randomMapsTheEmptyKeyToTheMinimumToken() {
        assertThat(RANDOM.tokenFor(new byte[0])).isEqualTo(RandomPartitioner.MINIMUM);
        assertThat(RANDOM.minimumToken().value()).isEqualTo(BigInteger.ONE.negate());
    }

    @Test
    void randomParsesTokensInItsRangeOnly() {
        assertThat(RANDOM.parseToken("170141183460469231731687303715884105728").value())
                .isEqualTo(RandomPartitioner.MAXIMUM);
        assertThatThrownBy(() -> RANDOM.parseToken("170141183460469231731687303715884105729"))
                .isInstanceOf(TokenFormatException.class);
        assertThatThrownBy(() -> RANDOM.parseToken("-2")).isInstanceOf(TokenFormatException.class);
        assertThatThrownBy(() -> RANDOM.parseToken("x")).hasMessageContaining("RandomPartitioner");
    }

    @Test
    void byteOrderedTokenIsTheKeyItself() {
        assertThat(BOP.tokenFor(HexFormat.of().parseHex("00ff10")).toString()).isEqualTo("00ff10");
        assertThat(BOP.tokenFor(new byte[0])).isEqualTo(ByteOrderedPartitioner.MINIMUM);
        assertThat(BOP.cqlLiteral(BOP.parseToken("0x7F"))).isEqualTo("0x7f");
    }

    @Test
    void byteOrderedOrdersUnsignedWithPrefixesFirst() {
        assertThat(BOP.parseToken("ff").compareTo(BOP.parseToken("01"))).isPositive();
        assertThat(BOP.parseToken("ab").compareTo(BOP.parseToken("ab00"))).isNegative();
        assertThat(BOP.parseToken("").compareTo(BOP.parseToken("00"))).isNegative();
    }

    @Test
    void byteOrderedRejectsOddHex() {
        assertThatThrownBy(() -> BOP.parseToken("abc"))
                .isInstanceOf(TokenFormatException.class)
                .hasMessageContaining("ByteOrderedPartitioner");
    }

    @Test
    void byteOrderedSplitsBetweenPrefixesStayInsideTheRange() {
        Token start = BOP.parseToken("61");
        Token end = BOP.parseToken("6100");
        var bounds = BOP.split(start, end, 4);
        for (int i = 1; i < bounds.size(); i++) {
            assertThat(bounds.get(i).compareTo(bounds.get(i - 1))).isPositive();
        }
        assertThat(bounds.get(bounds.size() - 1)).isEqualTo(end);
    }

    @Test
    void looksPartitionersUpByShortOrClassName() {
        assertThat(Partitioners.byName("org.apache.cassandra.dht.Murmur3Partitioner"))
                .isSameAs(Murmur3Partitioner.INSTANCE);
        assertThat(Partitioners.byName("RandomPartitioner")).isSameAs(RANDOM);
        assertThatThrownBy(() -> Partitioners.byName("OrderPreservingPartitioner"))
                .hasMessageContaining("not supported");
    }
}
