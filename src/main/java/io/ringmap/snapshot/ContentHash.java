package io.ringmap.snapshot;

import io.ringmap.pending.MotionReport;
import io.ringmap.pending.NodeMotion;
import io.ringmap.schema.KeyColumn;
import io.ringmap.schema.TableSchema;
import io.ringmap.topology.NodeTokens;
import io.ringmap.topology.TopologyModel;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A snapshot's version that means the same on every instance of the service: SHA-256 (first 128 bits, hex) over a
 * canonical form of what answers are computed from (source, partitioner, nodes with state and tokens, replication,
 * partition keys, the local node), with nodes, tokens, keyspaces and tables sorted so that the order in which a
 * source lists them does not matter.
 */
public final class ContentHash {

    private ContentHash() {}

    public static String of(TopologyModel model, String source) {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        StringBuilder out = new StringBuilder(4096);
        field(out, "source", source);
        field(out, "partitioner", model.partitioner());
        field(out, "local", String.valueOf(model.localAddress()));
        List<NodeTokens> nodes = new ArrayList<>(model.nodes());
        nodes.sort(Comparator.comparing((NodeTokens n) -> n.node().address()));
        for (NodeTokens n : nodes) {
            field(out, "node", n.node().address());
            field(out, "host", n.node().hostId());
            field(out, "dc", n.node().datacenter());
            field(out, "rack", n.node().rack());
            field(out, "state", n.node().state().name());
            List<String> tokens = new ArrayList<>(n.tokens());
            tokens.sort(null);
            for (String t : tokens) {
                out.append(t).append(',');
                flushIfLarge(out, digest);
            }
            out.append('\n');
        }
        new TreeMap<>(model.replication()).forEach((keyspace, replication) -> {
            field(out, "keyspace", keyspace);
            for (Map.Entry<String, String> e : new TreeMap<>(replication).entrySet()) {
                field(out, e.getKey(), e.getValue());
            }
        });
        List<TableSchema> tables = new ArrayList<>(model.tables());
        tables.sort(Comparator.comparing((TableSchema t) -> t.keyspace()).thenComparing(TableSchema::table));
        for (TableSchema t : tables) {
            field(out, "table", t.keyspace() + "." + t.table());
            for (KeyColumn c : t.partitionKey()) {
                field(out, c.name(), c.cqlType());
            }
        }
        motion(out, model.motion());
        if (model.epoch() != null) {
            field(out, "epoch", model.epoch().toString()); // absent before Cassandra 6.0: their versions are unchanged
        }
        digest.update(out.toString().getBytes(StandardCharsets.UTF_8));
        byte[] hash = digest.digest();
        return HexFormat.of().formatHex(hash, 0, 16);
    }

    /** The movement in a canonical order: motions by host id, reported pending ranges by keyspace and text. */
    private static void motion(StringBuilder out, MotionReport report) {
        field(out, "motion", report.source().name());
        field(out, "motion-note", String.valueOf(report.note()));
        List<NodeMotion> motions = new ArrayList<>(report.motions());
        motions.sort(Comparator.comparing((NodeMotion m) -> m.node().hostId()));
        for (NodeMotion m : motions) {
            field(
                    out,
                    "moving",
                    m.node().hostId() + " " + m.node().broadcastEndpoint() + " " + m.kind() + " "
                            + m.alive() + " " + m.replacedHostId() + " "
                            + m.tokens().stream().map(Object::toString).sorted().toList()
                            + (m.step() == null ? "" : " " + m.step()));
        }
        new TreeMap<>(report.reported())
                .forEach((keyspace, ranges) -> field(
                        out,
                        "pending",
                        keyspace + " "
                                + ranges.stream()
                                        .map(r -> r.range().start() + ","
                                                + r.range().end() + "@"
                                                + r.replica().broadcastEndpoint())
                                        .sorted()
                                        .toList()));
    }

    private static void field(StringBuilder out, String name, String value) {
        // lengths first, so that no two different inputs run together into the same text
        out.append(name.length())
                .append(':')
                .append(name)
                .append('=')
                .append(value.length())
                .append(':')
                .append(value)
                .append('\n');
    }

    private static void flushIfLarge(StringBuilder out, MessageDigest digest) {
        if (out.length() > 1 << 16) {
            digest.update(out.toString().getBytes(StandardCharsets.UTF_8));
            out.setLength(0);
        }
    }
}
