package io.ringmap.cql;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Writes keyspace, table and column names into CQL exactly as Cassandra 5.0 reads them back: bare when the name is a
 * lower-case unquoted identifier that is not a reserved keyword, double-quoted (embedded {@code "} doubled)
 * otherwise.
 *
 * <p>Cassandra folds unquoted identifiers to lower case and rejects reserved keywords as bare identifiers, so a name
 * is written bare only when it matches {@code [a-z][a-z0-9_]*} and is not in {@link #RESERVED_KEYWORDS}.
 */
public final class CqlIdentifiers {

    /**
     * Cassandra 5.0's reserved keywords: {@code org/apache/cassandra/cql3/reserved_keywords.txt} of cassandra-all
     * 5.0.9 ({@code ReservedKeywords.isReserved} compares upper case). Unreserved keywords such as {@code key},
     * {@code ttl} or {@code type} are valid bare identifiers and are not listed.
     */
    public static final Set<String> RESERVED_KEYWORDS = Set.of(
            "ADD",
            "ALLOW",
            "ALTER",
            "AND",
            "APPLY",
            "ASC",
            "AUTHORIZE",
            "BATCH",
            "BEGIN",
            "BY",
            "COLUMNFAMILY",
            "CREATE",
            "DELETE",
            "DESC",
            "DESCRIBE",
            "DROP",
            "ENTRIES",
            "EXECUTE",
            "FROM",
            "FULL",
            "GRANT",
            "IF",
            "IN",
            "INDEX",
            "INFINITY",
            "INSERT",
            "INTO",
            "IS",
            "KEYSPACE",
            "LIMIT",
            "MATERIALIZED",
            "MODIFY",
            "NAN",
            "NORECURSIVE",
            "NOT",
            "NULL",
            "OF",
            "ON",
            "OR",
            "ORDER",
            "PRIMARY",
            "RENAME",
            "REVOKE",
            "SCHEMA",
            "SELECT",
            "SET",
            "TABLE",
            "TO",
            "TOKEN",
            "TRUNCATE",
            "UNLOGGED",
            "UPDATE",
            "USE",
            "USING",
            "VIEW",
            "WHERE",
            "WITH");

    private static final Pattern UNQUOTED = Pattern.compile("[a-z][a-z0-9_]*");

    private CqlIdentifiers() {}

    /** The name as a CQL identifier: bare when Cassandra reads it back unchanged, else double-quoted. */
    public static String identifier(String name) {
        return needsQuotes(name) ? quote(name) : name;
    }

    /** True when the bare name would be folded to another name or rejected as a reserved keyword. */
    public static boolean needsQuotes(String name) {
        return !UNQUOTED.matcher(name).matches() || isReserved(name);
    }

    /** True for one of Cassandra 5.0's reserved keywords, in any case. */
    public static boolean isReserved(String name) {
        return RESERVED_KEYWORDS.contains(name.toUpperCase(Locale.ROOT));
    }

    /** {@code "name"} with every embedded {@code "} doubled, whatever the name. */
    public static String quote(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }

    /** {@code keyspace.table}, each part quoted where needed. */
    public static String qualified(String keyspace, String table) {
        return identifier(keyspace) + "." + identifier(table);
    }
}
