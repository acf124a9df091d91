package io.ringmap.routing.web;

import java.util.List;
import org.springframework.util.MultiValueMap;

/** Named query parameters read from the handler's parameter map, as {@code @RequestParam String} would read them. */
final class QueryParams {

    private QueryParams() {
    }

    /**
     * The parameter's value: null when absent, the values joined with commas when given more than once (what Spring
     * MVC's {@code @RequestParam String} gives).
     */
    static String value(MultiValueMap<String, String> params, String name) {
        List<String> values = params.get(name);
        if (values == null || values.isEmpty()) {
            return null;
        }
        return values.size() == 1 ? values.get(0) : String.join(",", values);
    }
}
