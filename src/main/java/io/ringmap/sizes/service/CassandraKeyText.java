package io.ringmap.sizes.service;

import io.ringmap.schema.KeyColumn;
import io.ringmap.schema.TableSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a partition key as Cassandra prints it ({@code AbstractType.getString} of the key type, as
 * {@code system.top_partitions}, {@code nodetool tablestats} and {@code toppartitions} show keys): a single column's
 * value as is; a composite key's components joined by {@code :}, where {@code CompositeType} escapes a {@code :}
 * inside a component as {@code \:} and appends {@code !} to a component ending in {@code \} or {@code !}.
 */
final class CassandraKeyText {

    private CassandraKeyText() {}

    /** The key's components by column name, in partition key order. */
    static Map<String, String> components(TableSchema schema, String key) {
        List<String> columns =
                schema.partitionKey().stream().map(KeyColumn::name).toList();
        List<String> parts = columns.size() == 1 ? List.of(key) : split(key);
        if (parts.size() != columns.size()) {
            throw new IllegalArgumentException("key '" + key + "' has " + parts.size() + " components, the table's "
                    + "partition key " + columns.size());
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            out.put(columns.get(i), parts.get(i));
        }
        return out;
    }

    static List<String> split(String key) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c == '\\' && i + 1 < key.length() && key.charAt(i + 1) == ':') {
                current.append(':');
                i++;
            } else if (c == ':') {
                out.add(unescapeEnd(current.toString()));
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        out.add(unescapeEnd(current.toString()));
        return out;
    }

    /** Drops the {@code !} Cassandra appends after a trailing {@code \} or {@code !}. */
    private static String unescapeEnd(String s) {
        if (s.length() >= 2 && s.endsWith("!")) {
            char before = s.charAt(s.length() - 2);
            if (before == '\\' || before == '!') {
                return s.substring(0, s.length() - 1);
            }
        }
        return s;
    }
}
