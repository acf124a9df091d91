package io.ringmap.ring;

import io.ringmap.token.Partitioner;
import io.ringmap.token.Token;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The immutable token ring: nodes and their sorted tokens.
 *
 * <p>A node token T owns {@code (previous token, T]}; the first token's range wraps from the last token. The
 * primary replica of a token t is the owner of the first node token {@code >= t}, wrapping to the lowest token past
 * the highest one. Token index {@code i} identifies the range ending at {@code tokens[i]}.
 */
public final class TokenRing {

    private final Partitioner partitioner;
    private final List<Node> nodes;
    private final Token[] tokens;
    private final int[] owners;
    // Murmur3 rings also keep their tokens as primitives: the binary search then touches one array, not 18 objects
    private final long[] longTokens;
    // the data centres with nodes: a request's dc= is checked against it on the request path
    private final Set<String> datacenters;

    private TokenRing(Partitioner partitioner, List<Node> nodes, Token[] tokens, int[] owners) {
        this.partitioner = partitioner;
        this.nodes = nodes;
        this.tokens = tokens;
        this.owners = owners;
        if (tokens[0] instanceof io.ringmap.token.LongToken) {
            longTokens = new long[tokens.length];
            for (int i = 0; i < tokens.length; i++) {
                longTokens[i] = ((io.ringmap.token.LongToken) tokens[i]).value();
            }
        } else {
            longTokens = null;
        }
        Set<String> dcs = new HashSet<>();
        for (Node node : nodes) {
            dcs.add(node.datacenter());
        }
        this.datacenters = Set.copyOf(dcs);
    }

    /**
     * Builds a ring from each node's tokens.
     *
     * @throws IllegalArgumentException when there is no token, a token is claimed twice, or host ids repeat (nodes
     *     may share an address: since Cassandra 4.0 several nodes can use one IP on different ports)
     */
    public static TokenRing of(Partitioner partitioner, Map<Node, ? extends Collection<? extends Token>> tokensByNode) {
        Objects.requireNonNull(partitioner, "partitioner");
        List<Node> nodes = List.copyOf(tokensByNode.keySet());
        Set<String> hostIds = new HashSet<>();
        int total = 0;
        boolean allLong = true;
        for (Node node : nodes) {
            if (!hostIds.add(node.hostId())) {
                throw new IllegalArgumentException("node host id " + node.hostId() + " appears twice in the ring");
            }
            for (Token t : tokensByNode.get(node)) {
                total++;
                allLong &= t instanceof io.ringmap.token.LongToken;
            }
        }
        if (total == 0) {
            throw new IllegalArgumentException("a ring needs at least one node token");
        }
        Token[] tokens = new Token[total];
        int[] owners = new int[total];
        int k = 0;
        for (int i = 0; i < nodes.size(); i++) {
            for (Token t : tokensByNode.get(nodes.get(i))) {
                tokens[k] = t;
                owners[k++] = i;
            }
        }
        if (allLong) {
            sortLongTokens(tokens, owners);
        } else {
            Integer[] order = new Integer[total];
            for (int i = 0; i < total; i++) {
                order[i] = i;
            }
            Token[] unsorted = tokens.clone();
            int[] unsortedOwners = owners.clone();
            Arrays.sort(order, (a, b) -> unsorted[a].compareTo(unsorted[b]));
            for (int i = 0; i < total; i++) {
                tokens[i] = unsorted[order[i]];
                owners[i] = unsortedOwners[order[i]];
            }
        }
        for (int i = 1; i < tokens.length; i++) {
            if (tokens[i].equals(tokens[i - 1])) {
                throw new IllegalArgumentException("token " + tokens[i] + " is owned by both "
                        + nodes.get(owners[i - 1]).rpcEndpoint() + " and "
                        + nodes.get(owners[i]).rpcEndpoint());
            }
        }
        return new TokenRing(partitioner, nodes, tokens, owners);
    }

    /**
     * Sorts Murmur3 tokens with their owners by value: a stable LSD radix sort over the 64-bit values (sign bit
     * flipped), 4 passes of 16 bits, allocation-free per token; a comparison sort of 256,000 boxed tokens costs
     * seconds on a cold JVM at start-up.
     */
    private static void sortLongTokens(Token[] tokens, int[] owners) {
        int n = tokens.length;
        long[] keys = new long[n];
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            keys[i] = ((io.ringmap.token.LongToken) tokens[i]).value() ^ Long.MIN_VALUE;
            order[i] = i;
        }
        long[] keysTmp = new long[n];
        int[] orderTmp = new int[n];
        int[] counts = new int[1 << 16];
        for (int shift = 0; shift < 64; shift += 16) {
            Arrays.fill(counts, 0);
            for (int i = 0; i < n; i++) {
                counts[(int) (keys[i] >>> shift) & 0xFFFF]++;
            }
            int sum = 0;
            for (int b = 0; b < counts.length; b++) {
                int c = counts[b];
                counts[b] = sum;
                sum += c;
            }
            for (int i = 0; i < n; i++) {
                int at = counts[(int) (keys[i] >>> shift) & 0xFFFF]++;
                keysTmp[at] = keys[i];
                orderTmp[at] = order[i];
            }
            long[] swapKeys = keys;
            keys = keysTmp;
            keysTmp = swapKeys;
            int[] swapOrder = order;
            order = orderTmp;
            orderTmp = swapOrder;
        }
        Token[] unsorted = tokens.clone();
        int[] unsortedOwners = owners.clone();
        for (int i = 0; i < n; i++) {
            tokens[i] = unsorted[order[i]];
            owners[i] = unsortedOwners[order[i]];
        }
    }

    /**
     * The same ring with replaced node values (e.g. new states), index for index; tokens and owners are shared.
     *
     * @throws IllegalArgumentException when the node count differs
     */
    public TokenRing withNodes(List<Node> replacement) {
        if (replacement.size() != nodes.size()) {
            throw new IllegalArgumentException(
                    "a ring of " + nodes.size() + " nodes cannot take " + replacement.size());
        }
        return new TokenRing(partitioner, List.copyOf(replacement), tokens, owners);
    }

    public Partitioner partitioner() {
        return partitioner;
    }

    /** The nodes, indexed as {@link #ownerAt(int)} refers to them. */
    public List<Node> nodes() {
        return nodes;
    }

    /** Whether {@code dc} names a data centre with nodes in this ring. */
    public boolean hasDatacenter(String dc) {
        return datacenters.contains(dc);
    }

    public int size() {
        return tokens.length;
    }

    public Token tokenAt(int index) {
        return tokens[index];
    }

    /** The index (into {@link #nodes()}) of the node owning token index {@code index}. */
    public int ownerAt(int index) {
        return owners[index];
    }

    /** The index of the first node token {@code >= token}, wrapping to 0: the primary range of {@code token}. */
    public int primaryIndex(Token token) {
        if (longTokens != null) {
            int i = java.util.Arrays.binarySearch(longTokens, ((io.ringmap.token.LongToken) token).value());
            int index = i >= 0 ? i : -i - 1; // tokens are distinct, so an exact hit is the only one
            return index == longTokens.length ? 0 : index;
        }
        int lo = 0;
        int hi = tokens.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = tokens[mid].compareTo(token);
            if (c < 0) {
                lo = mid + 1;
            } else if (c > 0) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return lo == tokens.length ? 0 : lo;
    }

    /** The range {@code (tokens[index - 1], tokens[index]]}, wrapping for index 0. */
    public TokenRange rangeAt(int index) {
        Token previous = tokens[index == 0 ? tokens.length - 1 : index - 1];
        return new TokenRange(previous, tokens[index]);
    }

    /** Every node's tokens, ascending, indexed like {@link #nodes()}: one pass over the ring. */
    public List<List<Token>> tokensByNode() {
        List<List<Token>> out = new ArrayList<>(nodes.size());
        for (int n = 0; n < nodes.size(); n++) {
            out.add(new ArrayList<>());
        }
        for (int i = 0; i < tokens.length; i++) {
            out.get(owners[i]).add(tokens[i]);
        }
        return out;
    }

    /**
     * The range as non-wrapping pieces in ring order: a wrapping {@code (a, b]} becomes {@code (a, ring end]} and
     * {@code (min, b]}, empty pieces dropped. A piece ending at the minimum token runs to the end of the ring
     * (ByteOrderedPartitioner has no maximum token).
     */
    public List<TokenRange> unwrap(TokenRange range) {
        return unwrap(partitioner, range);
    }

    /** {@link #unwrap(TokenRange)} on any ring of {@code partitioner}: the pieces depend on the partitioner only. */
    public static List<TokenRange> unwrap(Partitioner partitioner, TokenRange range) {
        Token min = partitioner.minimumToken();
        if (!range.wraps() && !range.end().equals(min)) {
            return List.of(range);
        }
        List<TokenRange> pieces = new ArrayList<>(2);
        Token ringEnd = partitioner.maximumToken().orElse(min);
        boolean firstEmpty = !ringEnd.equals(min) && range.start().compareTo(ringEnd) >= 0;
        if (!firstEmpty) {
            pieces.add(new TokenRange(range.start(), ringEnd));
        }
        if (!range.end().equals(min)) {
            pieces.add(new TokenRange(min, range.end()));
        }
        return pieces;
    }

    @Override
    public String toString() {
        return "TokenRing[" + partitioner.name() + ", " + nodes.size() + " nodes, " + tokens.length + " tokens, first "
                + Arrays.asList(tokens).subList(0, Math.min(4, tokens.length)) + "]";
    }
}
