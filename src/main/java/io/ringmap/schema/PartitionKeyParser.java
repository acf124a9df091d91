package io.ringmap.schema;

import io.ringmap.token.PartitionKeys;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Builds a typed {@link ParsedKey} from the text values of a table's partition key columns, by column name. */
public final class PartitionKeyParser {

    /** Cassandra's limit on a partition key's serialized size (an unsigned short length). */
    static final int MAX_KEY_BYTES = 0xFFFF;

    private PartitionKeyParser() {}

    /**
     * Parses one value per partition key column. Names match exactly first, then case-insensitively.
     *
     * @throws KeyComponentsException when a column has no value or a name is not a partition key column
     * @throws InvalidKeyValueException when a value does not parse as its column's type
     */
    public static ParsedKey parse(TableSchema schema, Map<String, String> values) {
        List<KeyColumn> columns = schema.partitionKey();
        String[] texts = exactTexts(columns, values);
        if (texts == null) {
            texts = matchedTexts(schema, values);
        }
        byte[][] components = new byte[columns.size()][];
        String[] canonical = new String[columns.size()];
        for (int i = 0; i < columns.size(); i++) {
            KeyColumn column = columns.get(i);
            byte[] bytes = texts[i] == null ? null : FastScalars.serialize(column.type(), texts[i], canonical, i);
            if (bytes == null) {
                bytes = KeyValueCodec.serialize(column, texts[i]);
                canonical[i] = null;
            }
            if (columns.size() == 1 && bytes.length == 0) {
                // mirrors Cassandra's "Key may not be empty": no row can have an empty single-column key
                throw new InvalidKeyValueException(
                        column.name(), texts[i], column.cqlType(), "Cassandra does not accept an empty partition key");
            }
            if (bytes.length > MAX_KEY_BYTES) {
                throw new KeyTooLargeException(
                        column.name(), texts[i], column.cqlType(), bytes.length, MAX_KEY_BYTES, false);
            }
            components[i] = bytes;
            if (canonical[i] == null) {
                canonical[i] = KeyValueCodec.canonicalText(column, bytes);
            }
        }
        byte[] key = PartitionKeys.compose(Arrays.asList(components));
        if (key.length > MAX_KEY_BYTES) {
            int largest = 0;
            for (int i = 1; i < components.length; i++) {
                largest = components[i].length > components[largest].length ? i : largest;
            }
            throw new KeyTooLargeException(
                    columns.get(largest).name(),
                    texts[largest],
                    columns.get(largest).cqlType(),
                    key.length,
                    MAX_KEY_BYTES,
                    true);
        }
        return new ParsedKey(List.of(canonical), key); // immutable already: the record keeps it uncopied
    }

    /**
     * The values in partition key order when {@code values} names exactly the partition key columns (the batch hot
     * path: no copy, no case-insensitive matching); else null.
     */
    private static String[] exactTexts(List<KeyColumn> columns, Map<String, String> values) {
        if (values == null || values.size() != columns.size()) {
            return null;
        }
        String[] texts = new String[columns.size()];
        for (int i = 0; i < texts.length; i++) {
            String name = columns.get(i).name();
            String text = values.get(name);
            if (text == null && !values.containsKey(name)) {
                return null;
            }
            texts[i] = text;
        }
        return texts;
    }

    /** The values in partition key order, names matched exactly first, then case-insensitively. */
    private static String[] matchedTexts(TableSchema schema, Map<String, String> values) {
        List<KeyColumn> columns = schema.partitionKey();
        // a null key (e.g. a JSON null in a batch) names every column as missing, as an empty one does
        Map<String, String> remaining = new LinkedHashMap<>(values == null ? Map.of() : values);
        List<String> texts = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (KeyColumn column : columns) {
            String key = matchingName(column.name(), remaining.keySet(), columns);
            if (key == null) {
                missing.add(column.name());
            } else {
                texts.add(remaining.remove(key));
            }
        }
        if (!missing.isEmpty() || !remaining.isEmpty()) {
            throw new KeyComponentsException(missing, List.copyOf(remaining.keySet()), schema.columnNames());
        }
        return texts.toArray(new String[0]);
    }

    /** The given name for {@code column}: exact, else the only case-insensitive match that is not itself a column. */
    private static String matchingName(String column, Set<String> given, List<KeyColumn> columns) {
        if (given.contains(column)) {
            return column;
        }
        Set<String> exactColumns = new HashSet<>();
        columns.forEach(c -> exactColumns.add(c.name()));
        String match = null;
        for (String name : given) {
            if (name.toLowerCase(Locale.ROOT).equals(column.toLowerCase(Locale.ROOT)) && !exactColumns.contains(name)) {
                if (match != null) {
                    return null; // two spellings of the same column: ambiguous, both reported as unknown
                }
                match = name;
            }
        }
        return match;
    }
}
