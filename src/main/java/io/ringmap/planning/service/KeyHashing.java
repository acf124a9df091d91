package io.ringmap.planning.service;

import io.ringmap.planning.KeyDesign;
import io.ringmap.planning.KeyEncoder;
import io.ringmap.routing.KeyRouter;
import io.ringmap.schema.CqlTypeParser;
import io.ringmap.schema.KeyColumn;
import io.ringmap.schema.PartitionKeyParser;
import io.ringmap.schema.TableSchema;
import io.ringmap.token.PartitionKeys;
import io.ringmap.token.Partitioner;
import io.ringmap.token.Partitioners;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Binds the key-design planner to the schema's codecs: a design's keys are serialized and hashed exactly as
 * {@code /token} does ({@link KeyRouter#token}), each component memoized.
 */
public final class KeyHashing {

    private KeyHashing() {}

    /** The partitioner named, e.g. {@code RandomPartitioner}. */
    public static Partitioner partitioner(String name) {
        return Partitioners.byName(name);
    }

    /**
     * An encoder for a design's keys: each component with the schema's codecs (as a one-column key of that column,
     * memoized: values repeat across buckets and shards), composed as Cassandra composes partition keys.
     */
    public static KeyEncoder encoder(String keyspace, KeyDesign design, Partitioner partitioner) {
        List<KeyColumn> columns = design.columns().stream()
                .map(c -> new KeyColumn(c.name(), CqlTypeParser.parse(c.cqlType())))
                .toList();
        TableSchema schema = new TableSchema(keyspace, "plan", columns);
        if (columns.size() == 1) {
            return values ->
                    KeyRouter.token(partitioner, schema, Map.of(columns.get(0).name(), values.get(0)));
        }
        List<TableSchema> single = columns.stream()
                .map(c -> new TableSchema(keyspace, "plan", List.of(c)))
                .toList();
        List<Map<String, byte[]>> memo = new ArrayList<>();
        columns.forEach(c -> memo.add(new HashMap<>()));
        return values -> {
            List<byte[]> components = new ArrayList<>(values.size());
            for (int i = 0; i < values.size(); i++) {
                String value = values.get(i);
                if (value.isEmpty()) {
                    // an empty component is valid in a composite key but not as a one-column key: parse the whole key
                    Map<String, String> byName = new LinkedHashMap<>();
                    for (int j = 0; j < values.size(); j++) {
                        byName.put(columns.get(j).name(), values.get(j));
                    }
                    return KeyRouter.token(partitioner, schema, byName);
                }
                TableSchema one = single.get(i);
                String name = columns.get(i).name();
                components.add(memo.get(i)
                        .computeIfAbsent(
                                value,
                                v -> PartitionKeyParser.parse(one, Map.of(name, v))
                                        .serializedKey()));
            }
            return partitioner.tokenFor(PartitionKeys.compose(components));
        };
    }
}
