package io.ringmap.planning;

import io.ringmap.problem.ProblemKind;
import io.ringmap.replication.Placements;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.TokenRing;
import io.ringmap.token.BytesToken;
import io.ringmap.token.Partitioner;
import io.ringmap.token.Token;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code initial_token} values for N nodes per data centre, and the evaluation of a proposed token assignment.
 *
 * <p>As the Cassandra 0.8 documentation asks ("calculating tokens per data centre"): each DC divides the ring
 * evenly as if it were its own ring, and no two nodes share a token. Node k of DC d (of D DCs) with N_d nodes gets
 * {@code min + floor(range * (k + (d + 1/2) / D) / N_d)}: evenly spaced within its DC, the DCs interleaved (so with
 * equal node counts the whole ring is evenly divided too), and the ring's minimum token never used; where DCs of
 * different sizes meet, the later DC's token moves up by one. Murmur3's ring is
 * {@code [-2^63, 2^63)}, RandomPartitioner's {@code [0, 2^127)}. ByteOrderedPartitioner has no arithmetic: its
 * tokens are quantiles of a sample of real keys (the same positions within the sorted sample); a sample can be used
 * with any partitioner to balance by data instead of by range.
 */
public final class BalancedTokens {

    private BalancedTokens() {}

    /**
     * Nodes per data centre, in the order the DCs interleave: at least one DC, each with at least one node.
     *
     * @param perDc node count per DC
     */
    public record NodeCounts(Map<String, Integer> perDc) {

        public NodeCounts {
            if (perDc.isEmpty()) {
                throw new PlanException(
                        ProblemKind.INVALID_GENERATOR, "nodes", "give nodes per data centre, " + "e.g. dc1:3,dc2:3");
            }
            perDc.forEach((dc, n) -> {
                if (n == null || n < 1) {
                    throw new PlanException(
                            ProblemKind.INVALID_GENERATOR,
                            "nodes",
                            "data centre '" + dc + "' needs at least 1 node, was " + n);
                }
            });
            perDc = Collections.unmodifiableMap(new LinkedHashMap<>(perDc));
        }

        /**
         * The counts, refused (413) when all DCs together have more than {@code maxNodes}: the tokens, the work and
         * the answer grow with the total, whatever the split into DCs.
         */
        public static NodeCounts atMost(Map<String, Integer> perDc, int maxNodes) {
            NodeCounts counts = new NodeCounts(perDc);
            if (counts.total() > maxNodes) {
                throw PlanException.tooLarge(
                        "nodes",
                        counts.total(),
                        "nodes in " + perDc.size() + " data centres",
                        maxNodes,
                        "a token plan places",
                        "ringmap.plan.max-nodes");
            }
            return counts;
        }

        /** Nodes over all DCs. */
        public long total() {
            return perDc.values().stream().mapToLong(Integer::longValue).sum();
        }
    }

    /** Evenly spaced tokens per DC (Murmur3 and Random). */
    public static Map<String, List<Token>> even(Partitioner partitioner, NodeCounts nodesPerDc) {
        BigInteger min;
        BigInteger range;
        switch (partitioner.name()) {
            case "Murmur3Partitioner" -> {
                min = BigInteger.ONE.shiftLeft(63).negate();
                range = BigInteger.ONE.shiftLeft(64);
            }
            case "RandomPartitioner" -> {
                min = BigInteger.ZERO;
                range = BigInteger.ONE.shiftLeft(127);
            }
            default ->
                throw new PlanException(
                        ProblemKind.INVALID_GENERATOR,
                        "partitioner",
                        partitioner.name()
                                + " tokens are key bytes: give a sample of real keys to place them at its quantiles");
        }
        // DCs of different sizes can meet (3 and 1 nodes at 3/4): the later one token up
        return interleaved(
                nodesPerDc,
                (numerator, denominator) ->
                        min.add(range.multiply(BigInteger.valueOf(numerator)).divide(BigInteger.valueOf(denominator))),
                (t, attempt) -> t.add(BigInteger.valueOf(attempt)),
                t -> partitioner.parseToken(t.toString()));
    }

    /**
     * Tokens at the quantiles of a sample of real keys' tokens: node k of DC d takes the sample token at position
     * {@code floor(size * (k + (d + 1/2) / D) / N_d)} of the sorted sample. Equal tokens in different DCs are made
     * distinct: the k-th node placed on an already used token gets the next free of (ByteOrdered) the token's bytes
     * followed by k - 1 as the shortest big-endian number, from 0x00 on, or (numeric) the token plus k.
     */
    public static Map<String, List<Token>> quantiles(
            Partitioner partitioner, NodeCounts nodesPerDc, List<Token> sample) {
        List<Token> sorted = new ArrayList<>(sample);
        sorted.sort(Token::compareTo);
        long total = nodesPerDc.total();
        if (sorted.size() < total) {
            throw new PlanException(
                    ProblemKind.INVALID_GENERATOR,
                    "sample",
                    "a sample of " + sorted.size() + " keys cannot place " + total
                            + " nodes; give at least one key per node (many more for balance)");
        }
        return interleaved(
                nodesPerDc,
                (numerator, denominator) ->
                        sorted.get((int) Math.min((long) sorted.size() * numerator / denominator, sorted.size() - 1)),
                (t, attempt) -> t instanceof BytesToken b
                        ? withSuffix(b, attempt - 1)
                        : partitioner.parseToken(new BigInteger(t.toString())
                                .add(BigInteger.valueOf(attempt))
                                .toString()),
                t -> t);
    }

    /** A place on the ring (a token, or what becomes one) the fraction {@code numerator / denominator} of the way. */
    private interface Position<T> {
        T at(long numerator, long denominator);
    }

    /** The {@code attempt}-th (from 1) alternative to a place already taken, distinct for distinct attempts. */
    private interface Nudge<T> {
        T next(T taken, long attempt);
    }

    /**
     * Node k of DC d (of D DCs) with n nodes at {@code (2kD + 2d + 1) / (2Dn)} of the way, DC by DC in the map's
     * order: evenly spaced within its DC, the DCs interleaved. A place already taken is {@code nudge}d to its next
     * free alternative; the attempts already made per place are remembered, so many nodes on one place (a sample of
     * one key repeated) cost one attempt each, not one per node placed there before.
     */
    private static <T> Map<String, List<Token>> interleaved(
            NodeCounts nodesPerDc, Position<T> position, Nudge<T> nudge, Function<T, Token> token) {
        int dcs = nodesPerDc.perDc().size();
        Map<String, List<Token>> out = new LinkedHashMap<>();
        Set<T> used = new HashSet<>();
        Map<T, Long> attempts = new HashMap<>();
        int d = 0;
        for (Map.Entry<String, Integer> e : nodesPerDc.perDc().entrySet()) {
            int n = e.getValue();
            List<Token> tokens = new ArrayList<>(n);
            for (int k = 0; k < n; k++) {
                T place = position.at(2L * k * dcs + 2L * d + 1, 2L * dcs * n);
                T t = place;
                long attempt = attempts.getOrDefault(place, 0L);
                while (!used.add(t)) {
                    t = nudge.next(place, ++attempt);
                }
                attempts.put(place, attempt);
                tokens.add(token.apply(t));
            }
            out.put(e.getKey(), tokens);
            d++;
        }
        return out;
    }

    /** The token's bytes followed by {@code suffix} as the shortest big-endian number (0 is one 0x00 byte). */
    private static Token withSuffix(BytesToken t, long suffix) {
        byte[] number = BigInteger.valueOf(suffix).toByteArray();
        // toByteArray() adds a leading 0x00 sign byte to numbers whose top bit is set; 0 itself stays one byte
        int from = number.length > 1 && number[0] == 0 ? 1 : 0;
        byte[] b = java.util.Arrays.copyOf(t.bytes(), t.bytes().length + number.length - from);
        System.arraycopy(number, from, b, t.bytes().length, number.length - from);
        return new BytesToken(b);
    }

    /** One node of an evaluated layout. */
    public record NodeOwnership(Node node, List<Token> tokens, double ownership, Map<String, Double> effective) {}

    /** How evenly one keyspace's data spreads: per DC, the largest effective ownership over the mean. */
    public record KeyspaceBalance(String keyspace, Map<String, Double> imbalanceByDatacenter, List<String> warnings) {}

    /** A layout's ownership, as {@code nodetool status} and {@code nodetool status <keyspace>} would report it. */
    public record Evaluation(List<NodeOwnership> nodes, double ownershipImbalance, List<KeyspaceBalance> keyspaces) {}

    /**
     * Evaluates a layout: each node's share of the ring, its effective ownership of each keyspace (placed as
     * Cassandra places it), and the imbalance (max / mean over the nodes of a DC holding the keyspace).
     */
    public static Evaluation evaluate(TokenRing ring, Map<String, Map<String, String>> replication) {
        RingSnapshot snapshot = RingSnapshot.of(ring, Placements.place(ring, replication, 0));
        double[] primary = snapshot.primaryOwnership();
        Map<String, double[]> effective = new LinkedHashMap<>();
        List<KeyspaceBalance> balances = new ArrayList<>();
        for (KeyspacePlacement p : snapshot.keyspaces().values().stream()
                .sorted((a, b) -> a.keyspace().compareTo(b.keyspace()))
                .toList()) {
            if (!(p instanceof KeyspacePlacement.Placed placed) || placed.nodeLocal()) {
                continue;
            }
            double[] owns = snapshot.effectiveOwnership(placed);
            effective.put(placed.keyspace(), owns);
            Map<String, double[]> byDc = new LinkedHashMap<>(); // {max, sum, count}
            for (int n = 0; n < owns.length; n++) {
                if (owns[n] > 0) {
                    double[] s = byDc.computeIfAbsent(ring.nodes().get(n).datacenter(), k -> new double[3]);
                    s[0] = Math.max(s[0], owns[n]);
                    s[1] += owns[n];
                    s[2]++;
                }
            }
            Map<String, Double> imbalance = new LinkedHashMap<>();
            byDc.forEach((dc, s) -> imbalance.put(dc, s[0] / (s[1] / s[2])));
            balances.add(new KeyspaceBalance(placed.keyspace(), imbalance, placed.warnings()));
        }
        List<List<Token>> tokens = ring.tokensByNode();
        List<NodeOwnership> nodes = new ArrayList<>();
        double max = 0;
        double sum = 0;
        for (int n = 0; n < ring.nodes().size(); n++) {
            Map<String, Double> eff = new LinkedHashMap<>();
            int node = n;
            effective.forEach((ks, owns) -> eff.put(ks, owns[node]));
            nodes.add(new NodeOwnership(ring.nodes().get(n), tokens.get(n), primary[n], eff));
            max = Math.max(max, primary[n]);
            sum += primary[n];
        }
        return new Evaluation(nodes, max / (sum / ring.nodes().size()), balances);
    }
}
