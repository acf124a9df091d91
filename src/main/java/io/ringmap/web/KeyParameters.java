package io.ringmap.web;

import io.ringmap.problem.InvalidParameterException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The query parameters of an endpoint that takes a partition key on the URL ({@code GET /token},
 * {@code GET /replicas}, {@code GET /plan/shards}): the endpoint's own parameters are reserved, every other parameter
 * is a key column named by it, and a {@code pk.} prefix makes any parameter a key column (for a column named like a
 * reserved parameter, e.g. {@code pk.table=x}). Every parameter, reserved or column, is given exactly once. The one
 * reading of that rule: each such endpoint declares its reserved names in one constant of this type, and docs/api.md
 * ("Key values") lists them.
 *
 * @param reserved the endpoint's own parameter names
 */
public record KeyParameters(Set<String> reserved) {

    /** Makes the rest of a parameter's name a key column, whatever the endpoint reserves. */
    public static final String COLUMN_PREFIX = "pk.";

    public KeyParameters {
        reserved = Set.copyOf(reserved);
        for (String name : reserved) {
            if (name.startsWith(COLUMN_PREFIX)) {
                throw new IllegalArgumentException(
                        "a reserved parameter cannot start with " + COLUMN_PREFIX + ", was " + name);
            }
        }
    }

    /** The parameters of an endpoint that reserves these names. */
    public static KeyParameters reserving(String... names) {
        return new KeyParameters(Set.of(names));
    }

    /**
     * A request's parameters (as the servlet container parsed them) split into the reserved ones and the key.
     *
     * @throws InvalidParameterException naming a parameter given more than once, a column given both bare and with
     *     {@code pk.}, or a bare {@code pk.}
     */
    public Given read(Map<String, String[]> parameters) {
        Map<String, String> named = new HashMap<>(8);
        Map<String, String> key = new LinkedHashMap<>(8);
        for (Map.Entry<String, String[]> parameter : parameters.entrySet()) {
            String name = parameter.getKey();
            String[] values = parameter.getValue();
            if (values == null || values.length == 0 || (values.length == 1 && values[0] == null)) {
                continue; // a name without a value object (not what a container parses from `?a` or `?a=`): absent
            }
            if (values.length != 1) {
                throw new InvalidParameterException(
                        name, "parameter '" + name + "' must be given once, was given " + values.length + " times");
            }
            String value = values[0];
            if (!name.startsWith(COLUMN_PREFIX) && reserved.contains(name)) {
                named.put(name, value);
                continue;
            }
            String column = name.startsWith(COLUMN_PREFIX) ? name.substring(COLUMN_PREFIX.length()) : name;
            if (column.isEmpty()) {
                throw new InvalidParameterException(
                        name, "'" + COLUMN_PREFIX + "' must be followed by a partition " + "key column name");
            }
            if (key.put(column, value) != null) {
                throw new InvalidParameterException(
                        name,
                        "partition key column '" + column + "' is given twice (as " + column + " and " + COLUMN_PREFIX
                                + column + ")");
            }
        }
        return new Given(named, key);
    }

    /**
     * One request's parameters.
     *
     * @param named the reserved parameters given, by name
     * @param key the key columns given, in request order
     */
    public record Given(Map<String, String> named, Map<String, String> key) {

        /** A reserved parameter's value, or null when it was not given. */
        public String value(String name) {
            return named.get(name);
        }

        /** A reserved parameter's value; missing, the same 400 as a parameter record's missing component. */
        public String required(String name) {
            return InvalidParameterException.required(name, named.get(name));
        }
    }
}
