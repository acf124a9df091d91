package io.ringmap.planning;

import io.ringmap.problem.ProblemKind;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.token.Token;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongFunction;

/**
 * Shards for a hot key: how many shards bring its rate or size under a target, where each shard key lands, and which
 * shard values spread over the most nodes.
 */
public final class ShardPlanner {

    private ShardPlanner() {}

    /** One shard key: its shard value, token and replicas (node indexes, primary first). */
    public record ShardKey(long value, Token token, int[] replicas) {}

    /** Per DC, how many distinct nodes and replica sets the shard keys reach. */
    public record Spread(
            Map<String, Integer> nodesByDatacenter,
            Map<String, Integer> replicaSetsByDatacenter,
            int nodes,
            int replicaSets) {}

    /** The plan: the count, the shard keys 0..count-1, and the chosen values with their spread. */
    public record ShardPlan(
            int count,
            List<ShardKey> sequential,
            Spread sequentialSpread,
            List<ShardKey> chosen,
            Spread chosenSpread,
            int candidatesSearched) {}

    /** The shard count that brings {@code load} to at most {@code target} per shard. */
    public static int countFor(double load, double target) {
        if (!(load >= 0) || !(target > 0) || Double.isInfinite(load) || Double.isInfinite(target)) {
            throw new PlanException(
                    ProblemKind.INVALID_GENERATOR,
                    "target",
                    "load must be non-negative and target positive, finite numbers");
        }
        return (int) Math.max(1, Math.ceil(load / target - 1e-9));
    }

    /**
     * Plans {@code count} shards of a key whose shard value {@code v} hashes to {@code tokenOf(v)}: the sequential
     * values 0..count-1, and values chosen greedily among the first {@code candidates} so each adds the most nodes not
     * yet reached (then the most new replica sets), which spreads the key over as many nodes as possible.
     */
    public static ShardPlan plan(
            int count,
            int candidates,
            LongFunction<Token> tokenOf,
            RingSnapshot ring,
            KeyspacePlacement.Placed keyspace) {
        List<ShardKey> all = new ArrayList<>();
        for (long v = 0; v < Math.max(count, candidates); v++) {
            Token t = tokenOf.apply(v);
            ReplicaSet set = ring.lookup(keyspace, t).replicas();
            all.add(new ShardKey(v, t, Arrays.copyOf(set.nodes(), set.size())));
        }
        List<ShardKey> sequential = all.subList(0, count);
        // each candidate's replica set key once, not once per round: count x candidates rounds of string building
        // made the largest plan cost seconds
        String[] setKeys = all.stream().map(k -> key(k.replicas())).toArray(String[]::new);
        List<ShardKey> chosen = new ArrayList<>();
        boolean[] reached = new boolean[ring.tokenRing().nodes().size()];
        Set<String> sets = new HashSet<>();
        boolean[] taken = new boolean[all.size()];
        for (int k = 0; k < count; k++) {
            int best = -1;
            int bestNodes = -1;
            int bestSets = -1;
            for (int i = 0; i < all.size(); i++) {
                if (taken[i]) {
                    continue;
                }
                int newNodes = 0;
                for (int n : all.get(i).replicas()) {
                    newNodes += reached[n] ? 0 : 1;
                }
                int newSets = sets.contains(setKeys[i]) ? 0 : 1;
                if (newNodes > bestNodes || (newNodes == bestNodes && newSets > bestSets)) {
                    best = i;
                    bestNodes = newNodes;
                    bestSets = newSets;
                }
            }
            taken[best] = true;
            ShardKey s = all.get(best);
            chosen.add(s);
            for (int n : s.replicas()) {
                reached[n] = true;
            }
            sets.add(setKeys[best]);
        }
        chosen.sort((a, b) -> Long.compare(a.value(), b.value()));
        return new ShardPlan(
                count, List.copyOf(sequential), spread(sequential, ring), chosen, spread(chosen, ring), all.size());
    }

    private static String key(int[] replicas) {
        int[] s = replicas.clone();
        Arrays.sort(s);
        return Arrays.toString(s);
    }

    private static Spread spread(List<ShardKey> keys, RingSnapshot ring) {
        Map<String, Set<Integer>> nodes = new LinkedHashMap<>();
        Map<String, Set<String>> sets = new LinkedHashMap<>();
        Set<Integer> allNodes = new HashSet<>();
        Set<String> allSets = new HashSet<>();
        for (ShardKey k : keys) {
            Map<String, List<Integer>> byDc = new LinkedHashMap<>();
            for (int n : k.replicas()) {
                String dc = ring.tokenRing().nodes().get(n).datacenter();
                nodes.computeIfAbsent(dc, d -> new HashSet<>()).add(n);
                byDc.computeIfAbsent(dc, d -> new ArrayList<>()).add(n);
                allNodes.add(n);
            }
            byDc.forEach((dc, list) -> sets.computeIfAbsent(dc, d -> new HashSet<>())
                    .add(key(list.stream().mapToInt(Integer::intValue).toArray())));
            allSets.add(key(k.replicas()));
        }
        Map<String, Integer> n = new LinkedHashMap<>();
        nodes.forEach((dc, s) -> n.put(dc, s.size()));
        Map<String, Integer> r = new LinkedHashMap<>();
        sets.forEach((dc, s) -> r.put(dc, s.size()));
        return new Spread(n, r, allNodes.size(), allSets.size());
    }
}
