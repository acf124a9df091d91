package io.ringmap.schema;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An immutable map keyspace -> table -> {@link TableSchema}.
 *
 * <p>Names are stored as Cassandra reports them (lower case unless created quoted). Lookups try the exact name first,
 * then a case-insensitive match when it is unique, since unquoted CQL identifiers are case-insensitive. A name in
 * double quotes ({@code "MyTable"}) is matched exactly, as in CQL.
 */
public final class SchemaCatalog {

    private static final SchemaCatalog EMPTY = new SchemaCatalog(Map.of());

    private final Map<String, Map<String, TableSchema>> keyspaces;

    private SchemaCatalog(Map<String, Map<String, TableSchema>> keyspaces) {
        this.keyspaces = keyspaces;
    }

    public static SchemaCatalog empty() {
        return EMPTY;
    }

    /**
     * A catalog of the given tables.
     *
     * @throws IllegalArgumentException when a table appears twice
     */
    public static SchemaCatalog of(Collection<TableSchema> tables) {
        Map<String, Map<String, TableSchema>> byKeyspace = new LinkedHashMap<>();
        for (TableSchema t : tables) {
            TableSchema previous = byKeyspace
                    .computeIfAbsent(t.keyspace(), k -> new LinkedHashMap<>())
                    .putIfAbsent(t.table(), t);
            if (previous != null) {
                throw new IllegalArgumentException("table " + t.keyspace() + "." + t.table() + " is defined twice");
            }
        }
        Map<String, Map<String, TableSchema>> frozen = new LinkedHashMap<>();
        byKeyspace.forEach((k, v) -> frozen.put(k, Collections.unmodifiableMap(v)));
        return new SchemaCatalog(Collections.unmodifiableMap(frozen));
    }

    /** The keyspace names, as stored. */
    public Set<String> keyspaces() {
        return keyspaces.keySet();
    }

    /** All tables, keyspace by keyspace. */
    public List<TableSchema> tables() {
        return keyspaces.values().stream().flatMap(m -> m.values().stream()).toList();
    }

    /**
     * The tables of a keyspace by stored table name.
     *
     * @throws UnknownKeyspaceException when no keyspace matches
     */
    public Map<String, TableSchema> keyspace(String keyspace) {
        return find(keyspaces, keyspace).orElseThrow(() -> new UnknownKeyspaceException(keyspace, keyspaces.keySet()));
    }

    /**
     * The schema of {@code keyspace.table}.
     *
     * @throws UnknownKeyspaceException when no keyspace matches
     * @throws UnknownTableException when the keyspace has no matching table
     */
    public TableSchema table(String keyspace, String table) {
        Map<String, TableSchema> tables = keyspace(keyspace);
        return find(tables, table).orElseThrow(() -> new UnknownTableException(keyspace, table, tables.keySet()));
    }

    /** Whether the catalog knows {@code keyspace.table}. */
    public boolean contains(String keyspace, String table) {
        return find(keyspaces, keyspace).flatMap(t -> find(t, table)).isPresent();
    }

    static <V> Optional<V> find(Map<String, V> byName, String name) {
        if (name == null) {
            return Optional.empty();
        }
        V exact = byName.get(name);
        if (exact != null) {
            return Optional.of(exact);
        }
        if (name.length() >= 2 && name.startsWith("\"") && name.endsWith("\"")) {
            // a quoted CQL identifier is case-sensitive: match it exactly
            return Optional.ofNullable(
                    byName.get(name.substring(1, name.length() - 1).replace("\"\"", "\"")));
        }
        V match = null;
        String lower = name.toLowerCase(Locale.ROOT);
        for (Map.Entry<String, V> e : byName.entrySet()) {
            if (e.getKey().toLowerCase(Locale.ROOT).equals(lower)) {
                if (match != null) {
                    return Optional.empty(); // ambiguous: only quoted names that differ by case, so no guess
                }
                match = e.getValue();
            }
        }
        return Optional.ofNullable(match);
    }

    @Override
    public String toString() {
        return "SchemaCatalog" + keyspaces.keySet();
    }
}
