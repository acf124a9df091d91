package io.ringmap.web.errors;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.ProblemDetail;

/**
 * An RFC 9457 problem decided outside Spring MVC (in the web server, before a controller), rendered either as a
 * {@link ProblemDetail} or, where no message converter exists, as JSON by {@link #toJson(String)}.
 */
public record HttpProblem(int status, URI type, String title, String detail, Map<String, Object> properties) {

    public HttpProblem {
        // insertion order kept (Map.copyOf's order is randomized per JVM: the members came in a different order
        // from each instance)
        properties = properties == null ? Map.of()
                : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    HttpProblem(int status, URI type, String title, String detail) {
        this(status, type, title, detail, Map.of());
    }

    HttpProblem with(String name, Object value) {
        Map<String, Object> p = new LinkedHashMap<>(properties);
        p.put(name, value);
        return new HttpProblem(status, type, title, detail, p);
    }

    /** The same problem as Spring's type, for exception handlers. */
    public ProblemDetail toProblemDetail() {
        ProblemDetail p = ProblemDetail.forStatus(status);
        p.setType(type);
        p.setTitle(title);
        p.setDetail(detail);
        properties.forEach(p::setProperty);
        return p;
    }

    /** The problem as JSON, with {@code instance} when known (strings escaped per RFC 8259). */
    public String toJson(String instance) {
        StringBuilder json = new StringBuilder(256).append('{');
        field(json, "type", type.toString()).append(',');
        field(json, "title", title).append(',');
        json.append("\"status\":").append(status);
        if (detail != null) {
            field(json.append(','), "detail", detail);
        }
        if (instance != null) {
            field(json.append(','), "instance", instance);
        }
        properties.forEach((name, value) -> {
            json.append(',');
            if (value instanceof Number n) {
                string(json, name).append(':').append(n);
            } else {
                field(json, name, String.valueOf(value));
            }
        });
        return json.append('}').toString();
    }

    private static StringBuilder field(StringBuilder json, String name, String value) {
        return string(string(json, name).append(':'), value);
    }

    private static StringBuilder string(StringBuilder json, String s) {
        json.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                case '\n' -> json.append("\\n");
                case '\r' -> json.append("\\r");
                case '\t' -> json.append("\\t");
                default -> {
                    if (c < 0x20 || Character.isSurrogate(c) && !validSurrogateAt(s, i)) {
                        json.append(String.format("\\u%04x", (int) c));
                    } else {
                        json.append(c);
                    }
                }
            }
        }
        return json.append('"');
    }

    private static boolean validSurrogateAt(String s, int i) {
        char c = s.charAt(i);
        return Character.isHighSurrogate(c) ? i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))
                : i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }
}
