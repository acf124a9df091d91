package io.ringmap.routing.web;

import io.ringmap.web.InvalidParameterException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.util.MultiValueMap;

/**
 * Pulls partition key components out of query parameters: every parameter that is not one of the endpoint's own
 * is a key component named by its column; a {@code pk.} prefix forces a parameter to be a component (for a column
 * named like a reserved parameter, e.g. {@code pk.table=x}).
 */
final class KeyParams {

    static final String PREFIX = "pk.";

    private KeyParams() {
    }

    static Map<String, String> components(MultiValueMap<String, String> params, Set<String> reserved) {
        Map<String, String> out = new LinkedHashMap<>();
        params.forEach((name, values) -> {
            if (!name.startsWith(PREFIX) && reserved.contains(name)) {
                return;
            }
            String column = column(name);
            List<String> v = values == null ? List.of() : values;
            if (v.size() != 1) {
                throw new InvalidParameterException(name, "partition key column '" + column
                        + "' must be given exactly once, was given " + v.size() + " times");
            }
            if (out.put(column, v.get(0) == null ? "" : v.get(0)) != null) {
                throw new InvalidParameterException(name, "partition key column '" + column + "' is given twice");
            }
        });
        return out;
    }

    /** The key column a parameter names (one not reserved by the endpoint): its name less a {@code pk.} prefix. */
    static String column(String name) {
        return name.startsWith(PREFIX) ? name.substring(PREFIX.length()) : name;
    }
}
