package io.ringmap.bench;

import io.ringmap.replication.Placements;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.TokenRing;
import io.ringmap.splits.Splitter;
import io.ringmap.token.Murmur3Partitioner;
import io.ringmap.token.Token;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jol.info.GraphLayout;

/**
 * One-shot costs of a production-sized snapshot (build time, retained heap) and of splits: what a topology change
 * costs the service. Run: {@code java -cp ... io.ringmap.bench.SnapshotCost [nodes] [vnodes]}; with a third argument
 * {@code 3} the ring has 3 DCs and the one keyspace of {@link DriverTokenMapBenchmark} (NTS dc1:3, dc2:3, dc3:3), and
 * only the warm rebuild and the retained heap are printed (JOL needs {@code -Djol.magicFieldOffset=true} for records).
 */
public final class SnapshotCost {

    private SnapshotCost() {}

    public static void main(String[] args) {
        int nodes = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int vnodes = args.length > 1 ? Integer.parseInt(args[1]) : 256;
        if (args.length > 2 && Integer.parseInt(args[2]) == 3) {
            threeDcs(nodes, vnodes);
            return;
        }
        for (int round = 0; round < 3; round++) {
            long t0 = System.nanoTime();
            TokenRing ring = BenchRings.ring(nodes, vnodes);
            long t1 = System.nanoTime();
            RingSnapshot snapshot = BenchRings.snapshot(ring);
            long t2 = System.nanoTime();
            KeyspacePlacement.Placed nts = BenchRings.placed(snapshot, "nts");
            int aligned = Splitter.aligned(ring, 1024, nts::replicasAt).size();
            long t3 = System.nanoTime();
            int grouped = Splitter.aligned(ring, 64, nts::replicasAt).size();
            long t4 = System.nanoTime();
            System.out.printf(
                    "round %d: %d nodes x %d vnodes: ring %d ms, placement of 2 keyspaces %d ms, "
                            + "aligned splits n=1024 (%d) %d ms, n=64 (%d) %d ms%n",
                    round,
                    nodes,
                    vnodes,
                    (t1 - t0) / 1_000_000,
                    (t2 - t1) / 1_000_000,
                    aligned,
                    (t3 - t2) / 1_000_000,
                    grouped,
                    (t4 - t3) / 1_000_000);
            if (round == 2) {
                System.out.printf(
                        "retained heap: ring %.1f MiB, snapshot (ring + placements) %.1f MiB%n",
                        GraphLayout.parseInstance(ring).totalSize() / 1048576.0,
                        GraphLayout.parseInstance(snapshot).totalSize() / 1048576.0);
            }
        }
    }

    /** The 3-DC ring: rebuild (ring from tokens, placement, snapshot) five times, then its retained heap. */
    private static void threeDcs(int nodes, int vnodes) {
        TokenRing template = BenchRings.ring(nodes, vnodes, 3);
        Map<io.ringmap.ring.Node, List<Token>> byNode = new LinkedHashMap<>();
        List<List<Token>> tokens = template.tokensByNode();
        for (int n = 0; n < template.nodes().size(); n++) {
            byNode.put(template.nodes().get(n), tokens.get(n));
        }
        RingSnapshot snapshot = null;
        for (int round = 0; round < 5; round++) {
            long t0 = System.nanoTime();
            TokenRing ring = TokenRing.of(Murmur3Partitioner.INSTANCE, byNode);
            snapshot = RingSnapshot.of(
                    ring,
                    Placements.place(
                            ring, Map.of(DriverTokenMapBenchmark.KEYSPACE, DriverTokenMapBenchmark.REPLICATION), 0));
            System.out.printf(
                    "round %d: %d nodes x %d vnodes, 3 DCs, NTS 3+3+3: rebuild %d ms%n",
                    round, nodes, vnodes, (System.nanoTime() - t0) / 1_000_000);
        }
        System.out.printf(
                "retained heap: ring %.1f MiB, snapshot (ring + placement) %.1f MiB%n",
                GraphLayout.parseInstance(snapshot.tokenRing()).totalSize() / 1048576.0,
                GraphLayout.parseInstance(snapshot).totalSize() / 1048576.0);
    }
}
