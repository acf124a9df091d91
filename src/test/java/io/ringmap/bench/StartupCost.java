package io.ringmap.bench;

import io.ringmap.replication.Placements;
import io.ringmap.ring.Node;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.TokenRing;
import io.ringmap.token.Partitioner;
import io.ringmap.token.Partitioners;
import io.ringmap.token.Token;
import io.ringmap.topology.NodeTokens;
import io.ringmap.topology.StaticTopologyParser;
import io.ringmap.topology.TopologyModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The start-up path of a static topology, step by step, in a fresh JVM (cold, as at start-up) and then warm: read
 * and parse the YAML, parse the tokens, sort the ring, place the keyspaces. Run: {@code java -cp ...
 * io.ringmap.bench.StartupCost path/to/topology.yaml [rounds]}
 */
public final class StartupCost {

    private StartupCost() {}

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        for (int round = 0; round < rounds; round++) {
            long t0 = System.nanoTime();
            String text = Files.readString(file);
            TopologyModel model = StaticTopologyParser.parse(text, file.toString());
            long t1 = System.nanoTime();
            Partitioner partitioner = Partitioners.byName(model.partitioner());
            Map<Node, List<Token>> tokens = new LinkedHashMap<>();
            for (NodeTokens nt : model.nodes()) {
                List<Token> parsed = new ArrayList<>(nt.tokens().size());
                for (String t : nt.tokens()) {
                    parsed.add(partitioner.parseToken(t));
                }
                tokens.put(nt.node(), parsed);
            }
            long t2 = System.nanoTime();
            TokenRing ring = TokenRing.of(partitioner, tokens);
            long t3 = System.nanoTime();
            var placements = Placements.place(ring, model.replication(), 0);
            long t4 = System.nanoTime();
            RingSnapshot snapshot = RingSnapshot.of(ring, placements);
            long t5 = System.nanoTime();
            System.out.printf(
                    "round %d: yaml %d ms, tokens %d ms, ring sort %d ms, placement %d ms, range shares %d ms, "
                            + "total %d ms (%d tokens, %d keyspaces)%n",
                    round,
                    (t1 - t0) / 1_000_000,
                    (t2 - t1) / 1_000_000,
                    (t3 - t2) / 1_000_000,
                    (t4 - t3) / 1_000_000,
                    (t5 - t4) / 1_000_000,
                    (t5 - t0) / 1_000_000,
                    ring.size(),
                    snapshot.keyspaces().size());
        }
    }
}
