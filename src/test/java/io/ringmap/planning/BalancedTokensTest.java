package io.ringmap.planning;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.token.ByteOrderedPartitioner;
import io.ringmap.token.BytesToken;
import io.ringmap.token.LongToken;
import io.ringmap.token.Murmur3Partitioner;
import io.ringmap.token.Token;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Tokens at a sample's quantiles stay distinct and short when many nodes fall on one sample token. */
class BalancedTokensTest {

    static final BalancedTokens.NodeCounts TEN_THOUSAND =
            new BalancedTokens.NodeCounts(Map.of("dc1", 5000, "dc2", 5000));

    @Test
    void nodesOnOneRepeatedByteOrderedKeyGetDistinctTokensAFewBytesLonger() {
        // one key repeated: every node's quantile is the same token; appending a 0x00 per node already placed there
        // grew the last token to 10,000 bytes and cost 10,000 x 10,000 set probes
        BytesToken key = new BytesToken(new byte[] {0x61, 0x62});
        List<Token> sample = Collections.nCopies(10_000, key);

        Map<String, List<Token>> tokens =
                BalancedTokens.quantiles(ByteOrderedPartitioner.INSTANCE, TEN_THOUSAND, sample);

        List<Token> all = tokens.values().stream().flatMap(List::stream).toList();
        assertThat(all).hasSize(10_000);
        assertThat(new HashSet<>(all)).hasSize(10_000);
        assertThat(all)
                .allSatisfy(t -> assertThat(((BytesToken) t).bytes())
                        .hasSizeLessThanOrEqualTo(4)
                        .startsWith(0x61, 0x62));
        // the first node keeps the key's token, the next ones get the suffixes 0x00, 0x01, ...
        assertThat(all)
                .contains(
                        key,
                        new BytesToken(new byte[] {0x61, 0x62, 0x00}),
                        new BytesToken(new byte[] {0x61, 0x62, (byte) 0xff}),
                        new BytesToken(new byte[] {0x61, 0x62, 0x01, 0x00}));
    }

    @Test
    void nodesOnOneRepeatedMurmur3TokenGetTheTokensAfterIt() {
        List<Token> sample = Collections.nCopies(10_000, new LongToken(42));

        List<Token> all = BalancedTokens.quantiles(Murmur3Partitioner.INSTANCE, TEN_THOUSAND, sample).values().stream()
                .flatMap(List::stream)
                .toList();

        assertThat(all.stream().map(t -> ((LongToken) t).value()).sorted().toList())
                .isEqualTo(java.util.stream.LongStream.range(42, 42 + 10_000)
                        .boxed()
                        .toList());
    }
}
