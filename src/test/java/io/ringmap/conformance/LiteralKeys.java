package io.ringmap.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Function;

/**
 * Partition keys written as CQL literals, so that Cassandra's own literal parser decides the key's bytes: frozen sets
 * and map keys whose elements arrive out of Cassandra's order (uuid, timeuuid, tuples, UDTs, collections), with
 * duplicates, and tuple literals shorter than their type. ringmap must read the same literal text to the same token.
 */
final class LiteralKeys {

    /** A table {@code k <type> PRIMARY KEY, lit text} and a generator of literals for k. */
    record Table(String name, String type, Function<Random, String> literal) {

        String create(String keyspace) {
            return "CREATE TABLE IF NOT EXISTS " + keyspace + "." + name + " (k " + type + " PRIMARY KEY, lit text)";
        }

        String insert(String keyspace, String literal) {
            return "INSERT INTO " + keyspace + "." + name + " (k, lit) VALUES (" + literal + ", '"
                    + literal.replace("'", "''") + "')";
        }
    }

    /** The table of tuple literals with fewer components than the type (Cassandra 6.0 refuses those). */
    static final String SHORT_TUPLE = "l_short_tuple";

    static final List<Table> TABLES = List.of(
            new Table("l_set_uuid", "frozen<set<uuid>>", r -> set(r, LiteralKeys::anyUuid)),
            new Table("l_set_timeuuid", "frozen<set<timeuuid>>", r -> set(r, LiteralKeys::timeUuid)),
            new Table(
                    "l_map_uuid_int",
                    "frozen<map<uuid, int>>",
                    r -> map(r, LiteralKeys::anyUuid, x -> Integer.toString(x.nextInt(100) - 50))),
            new Table(
                    "l_map_timeuuid_text",
                    "frozen<map<timeuuid, text>>",
                    r -> map(r, LiteralKeys::timeUuid, LiteralKeys::text)),
            new Table(
                    "l_set_tuple",
                    "frozen<set<frozen<tuple<int, text>>>>",
                    r -> set(r, x -> "(" + x.nextInt(3) + ", " + (x.nextInt(4) == 0 ? "null" : text(x)) + ")")),
            new Table(
                    "l_set_udt",
                    "frozen<set<frozen<point>>>",
                    r -> set(
                            r,
                            x -> "{x: " + x.nextInt(3)
                                    + ", label: " + text(x)
                                    + (x.nextBoolean() ? ", day: '2026-10-0" + (1 + x.nextInt(3)) + "'" : "")
                                    + "}")),
            new Table(
                    "l_set_list",
                    "frozen<set<frozen<list<int>>>>",
                    r -> set(r, x -> list(x, y -> Integer.toString(y.nextInt(3) - 1)))),
            new Table(
                    "l_map_set_int",
                    "frozen<map<frozen<set<text>>, int>>",
                    r -> map(
                            r,
                            x -> set(x, LiteralKeys::text),
                            x -> Integer.toString(x.nextInt(10)),
                            LiteralKeys::sameTextSet)),
            new Table(
                    "l_list_set_timeuuid",
                    "frozen<list<frozen<set<timeuuid>>>>",
                    r -> list(r, x -> set(x, LiteralKeys::timeUuid))),
            new Table(SHORT_TUPLE, "frozen<tuple<int, text, int>>", r -> switch (r.nextInt(3)) {
                case 0 -> "(" + r.nextInt(1000) + ")";
                case 1 -> "(" + r.nextInt(1000) + ", " + text(r) + ")";
                default -> "(" + r.nextInt(1000) + ", " + text(r) + ", " + r.nextInt(10) + ")";
            }));

    private LiteralKeys() {}

    /** Whether {@code literal} of {@code table} is a tuple with fewer components than its type (three). */
    static boolean isShortTuple(Table table, String literal) {
        if (!table.name().equals(SHORT_TUPLE)) {
            return false;
        }
        int components = 1;
        boolean quoted = false;
        for (int i = 0; i < literal.length(); i++) {
            char c = literal.charAt(i);
            if (c == '\'') {
                quoted = !quoted; // a doubled quote inside text toggles twice
            } else if (c == ',' && !quoted) {
                components++;
            }
        }
        return components < 3;
    }

    /** Distinct literals for a table, as many as asked for where the generator has that many. */
    static List<String> literals(Table table, int count, Random rnd) {
        java.util.LinkedHashSet<String> out = new java.util.LinkedHashSet<>();
        for (int tries = 0; out.size() < count && tries < count * 5; tries++) {
            out.add(table.literal().apply(rnd));
        }
        return new ArrayList<>(out);
    }

    /** 1-5 elements in random order, now and then one repeated. */
    static String set(Random rnd, Function<Random, String> element) {
        List<String> elements = elements(rnd, element);
        if (elements.size() > 1 && rnd.nextInt(4) == 0) {
            elements.add(elements.get(rnd.nextInt(elements.size())));
        }
        return "{" + String.join(", ", elements) + "}";
    }

    static String list(Random rnd, Function<Random, String> element) {
        return "[" + String.join(", ", elements(rnd, element)) + "]";
    }

    static String map(Random rnd, Function<Random, String> key, Function<Random, String> value) {
        return map(rnd, key, value, k -> k);
    }

    /**
     * Distinct keys (a repeated map key is rejected by ringmap on purpose), in random order; {@code identity} maps a
     * key literal to what makes it equal to another (e.g. a set's distinct elements).
     */
    static String map(
            Random rnd,
            Function<Random, String> key,
            Function<Random, String> value,
            Function<String, Object> identity) {
        List<String> keys = new ArrayList<>();
        java.util.Set<Object> seen = new java.util.HashSet<>();
        for (String k : elements(rnd, key)) {
            if (seen.add(identity.apply(k))) {
                keys.add(k);
            }
        }
        List<String> entries = new ArrayList<>();
        for (String k : keys) {
            entries.add(k + ": " + value.apply(rnd));
        }
        return "{" + String.join(", ", entries) + "}";
    }

    private static List<String> elements(Random rnd, Function<Random, String> element) {
        List<String> out = new ArrayList<>();
        for (int n = 1 + rnd.nextInt(5); n > 0; n--) {
            out.add(element.apply(rnd));
        }
        return out;
    }

    /** A set-of-text literal's distinct elements (the text pool has no commas or braces). */
    static Object sameTextSet(String literal) {
        return new java.util.TreeSet<>(
                List.of(literal.substring(1, literal.length() - 1).split(", ")));
    }

    /** Short text, quoted as CQL wants it inside a literal, sometimes with a quote or non-ASCII. */
    static String text(Random rnd) {
        String[] pool = {"a", "b", "ab", "é", "it's", "", "z"};
        return "'" + pool[rnd.nextInt(pool.length)].replace("'", "''") + "'";
    }

    /** UUIDs of several versions, version 1 ones with few distinct timestamps so ties reach the second half. */
    static String anyUuid(Random rnd) {
        int version = new int[] {1, 1, 4, 4, 3, 5}[rnd.nextInt(6)];
        return uuid(rnd, version);
    }

    static String timeUuid(Random rnd) {
        return uuid(rnd, 1);
    }

    private static String uuid(Random rnd, int version) {
        long msb = rnd.nextInt(3) == 0 ? rnd.nextLong() : rnd.nextInt(4);
        msb = (msb & ~0xF000L) | ((long) version << 12);
        // TimeUUIDType compares this half as signed bytes: any first byte, RFC 4122's variant (0x80-0xbf), or
        // equal but for the last byte
        long lsb = switch (rnd.nextInt(3)) {
            case 0 -> rnd.nextLong();
            case 1 -> (rnd.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
            default -> 0x8000000000000000L | (rnd.nextBoolean() ? 0x80 : 0x01);
        };
        String hex = String.format(Locale.ROOT, "%016x%016x", msb, lsb);
        return hex.substring(0, 8) + "-" + hex.substring(8, 12) + "-" + hex.substring(12, 16) + "-"
                + hex.substring(16, 20) + "-" + hex.substring(20);
    }
}
