package io.ringmap.sizes.peers;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.peers.Contributors;
import io.ringmap.ring.TableName;
import io.ringmap.ring.TokenRange;
import io.ringmap.sizes.JmxTableStats;
import io.ringmap.sizes.Latency;
import io.ringmap.sizes.NodeReport;
import io.ringmap.sizes.NodeTableStats;
import io.ringmap.sizes.Percentiles;
import io.ringmap.sizes.RangeEstimate;
import io.ringmap.sizes.RankedPartition;
import io.ringmap.sizes.ReadStats;
import io.ringmap.sizes.SizesSnapshot;
import io.ringmap.token.Murmur3Partitioner;
import io.ringmap.token.Partitioner;
import io.ringmap.token.RandomPartitioner;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** A share of a sizes round survives the peer channel unchanged, tokens of each partitioner included. */
class SizesCodecTest {

    private static final SizesCodec CODEC = new SizesCodec(JsonMapper.builder().build());

    private static PeerSizes share(Partitioner partitioner, String start, String end) {
        TableName table = new TableName("shop", "events");
        JmxTableStats jmx = new JmxTableStats(
                7_007_506,
                3754,
                100,
                2048,
                12_746_146,
                new Percentiles(149, 179, 215, 258, 310, 104, 7_007_506),
                null,
                List.of(new RankedPartition("big-tenant", 6_108_045)),
                List.of(),
                List.of(new RankedPartition("user-7", 556)),
                List.of());
        NodeTableStats stats = new NodeTableStats(
                table,
                7L,
                13L,
                3754L,
                List.of(new RangeEstimate(
                        new TokenRange(partitioner.parseToken(start), partitioner.parseToken(end)), 3754, 1024)),
                new ReadStats(10, 1, 2, 3),
                null,
                new Latency(5, 0.1, 0.5, 1.0),
                null,
                List.of(new RankedPartition("big\\:tenant:20261001", 5_090_055)),
                List.of(),
                jmx);
        NodeReport report = new NodeReport(
                "127.0.0.60",
                NodeReport.Status.PARTIAL,
                Instant.parse("2026-12-02T12:00:01Z"),
                List.of("jmx sampling of shop.events: refused"),
                Map.of(table, stats),
                null,
                9);
        return new PeerSizes(
                "i-1",
                new SizesSnapshot(
                        Instant.parse("2026-12-02T12:00:00Z"),
                        Instant.parse("2026-12-02T12:00:02Z"),
                        List.of(report, NodeReport.unreachable("127.0.0.61", "no answer", 1)),
                        Contributors.LOCAL));
    }

    @Test
    void aShareReadsBackAsItWasWritten() throws IOException {
        Map<Partitioner, PeerSizes> shares = Map.of(
                Murmur3Partitioner.INSTANCE, share(Murmur3Partitioner.INSTANCE, "-6148914691236517206", "0"),
                RandomPartitioner.INSTANCE,
                        share(RandomPartitioner.INSTANCE, "0", "85070591730234615865843651857942052864"));
        for (Map.Entry<Partitioner, PeerSizes> entry : shares.entrySet()) {
            Partitioner partitioner = entry.getKey();
            PeerSizes sent = entry.getValue();
            byte[] wire = CODEC.encode(sent).toString().getBytes(StandardCharsets.UTF_8);
            PeerSizes received = SizesCodec.decoder(partitioner).decode(new ByteArrayInputStream(wire));

            assertThat(received).as(partitioner.toString()).isEqualTo(sent);
        }
    }

    @Test
    void anInstanceWithoutARoundSendsNoShare() throws IOException {
        PeerSizes received = SizesCodec.decoder(Murmur3Partitioner.INSTANCE)
                .decode(new ByteArrayInputStream(
                        CODEC.encode(new PeerSizes("i-2", null)).toString().getBytes(StandardCharsets.UTF_8)));

        assertThat(received).isEqualTo(new PeerSizes("i-2", null));
    }
}
