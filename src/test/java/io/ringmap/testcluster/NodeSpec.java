package io.ringmap.testcluster;

import java.util.List;
import java.util.Objects;

/**
 * One node of a test cluster: its loopback address, data center, rack, and either explicit initial tokens or a
 * number of vnodes whose tokens Cassandra picks itself.
 *
 * @param address       a loopback address 127.0.0.N, 1 &lt;= N &lt;= 254, on which the node listens for CQL (9042) and
 *                      for other nodes (7000)
 * @param datacenter    the node's data center, as written to cassandra-rackdc.properties
 * @param rack          the node's rack, as written to cassandra-rackdc.properties
 * @param initialTokens explicit tokens in the partitioner's string form; empty to let Cassandra pick
 *                      {@code numTokens} tokens
 * @param numTokens     number of tokens the node owns; equals {@code initialTokens.size()} when tokens are given
 * @param rpcAddress    the loopback address of the node's CQL port ({@code rpc_address}, and so its
 *                      {@code broadcast_rpc_address}); equal to {@code address} unless the node's client and
 *                      internode addresses differ on purpose (as behind NAT or on multi-homed hosts)
 */
public record NodeSpec(
        String address, String datacenter, String rack, List<String> initialTokens, int numTokens, String rpcAddress) {

    /** A node whose CQL and internode addresses are the same. */
    public NodeSpec(String address, String datacenter, String rack, List<String> initialTokens, int numTokens) {
        this(address, datacenter, rack, initialTokens, numTokens, address);
    }

    public NodeSpec {
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(rpcAddress, "rpcAddress");
        if (!rpcAddress.matches("127\\.0\\.0\\.(\\d{1,3})")
                || lastOctet(rpcAddress) < 1
                || lastOctet(rpcAddress) > 254) {
            throw new IllegalArgumentException(
                    "rpc address must be a loopback address 127.0.0.N with 1 <= N <= 254: " + rpcAddress);
        }
        Objects.requireNonNull(datacenter, "datacenter");
        Objects.requireNonNull(rack, "rack");
        initialTokens = List.copyOf(initialTokens);
        if (!address.matches("127\\.0\\.0\\.(\\d{1,3})") || lastOctet(address) < 1 || lastOctet(address) > 254) {
            throw new IllegalArgumentException(
                    "node address must be a loopback address 127.0.0.N with 1 <= N <= 254: " + address);
        }
        if (numTokens < 1) {
            throw new IllegalArgumentException("num_tokens must be at least 1: " + numTokens);
        }
        if (!initialTokens.isEmpty() && initialTokens.size() != numTokens) {
            throw new IllegalArgumentException(
                    "num_tokens must equal the number of initial tokens: " + numTokens + " != " + initialTokens.size());
        }
    }

    /** A node owning exactly the given tokens. */
    public static NodeSpec withTokens(String address, String datacenter, String rack, String... tokens) {
        return new NodeSpec(address, datacenter, rack, List.of(tokens), tokens.length);
    }

    /** A node owning {@code numTokens} vnodes whose tokens Cassandra chooses when the node first starts. */
    public static NodeSpec withVnodes(String address, String datacenter, String rack, int numTokens) {
        return new NodeSpec(address, datacenter, rack, List.of(), numTokens);
    }

    /** This node with its CQL port on another loopback address than its internode address. */
    public NodeSpec withRpcAddress(String rpc) {
        return new NodeSpec(address, datacenter, rack, initialTokens, numTokens, rpc);
    }

    /** N of 127.0.0.N; ports derived from it stay distinct between nodes. */
    public int ordinal() {
        return lastOctet(address);
    }

    private static int lastOctet(String address) {
        return Integer.parseInt(address.substring(address.lastIndexOf('.') + 1));
    }
}
