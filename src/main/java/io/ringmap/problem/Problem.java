package io.ringmap.problem;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One problem to answer: its kind (type and title), the HTTP status (the kind's, unless the web server or the framework
 * decided another of the same class), a {@code detail} naming what was wrong, the extension members in the order
 * they are written, and the response headers that belong to it ({@code Retry-After}, {@code WWW-Authenticate},
 * {@code Allow}). The request path ({@code instance}) is added when the problem is rendered.
 */
public record Problem(
        ProblemKind kind, int status, String detail, Map<String, Object> properties, Map<String, String> headers) {

    public Problem {
        Objects.requireNonNull(kind, "kind must not be null");
        if (status < 400 || status > 599 || status / 100 != kind.status() / 100) {
            throw new IllegalArgumentException(
                    "status " + status + " does not fit kind " + kind.typeName() + " (" + kind.status() + ")");
        }
        properties = ordered(properties);
        if (properties.keySet().stream().anyMatch(STANDARD_MEMBERS::contains)) {
            throw new IllegalArgumentException(
                    "extension members " + properties.keySet() + " take a standard " + "member's name");
        }
        headers = ordered(headers);
    }

    /** A problem of {@code kind} with the kind's status and no members. */
    public static Problem of(ProblemKind kind, String detail) {
        return new Problem(kind, kind.status(), detail, Map.of(), Map.of());
    }

    /** The members RFC 9457 defines; an extension member may not take one of their names. */
    public static final Set<String> STANDARD_MEMBERS = Set.of("type", "title", "status", "detail", "instance");

    /** This problem with one more extension member (a null value is left out when rendered). */
    public Problem with(String name, Object value) {
        if (STANDARD_MEMBERS.contains(Objects.requireNonNull(name, "name must not be null"))) {
            throw new IllegalArgumentException("'" + name + "' is a standard problem member, not an extension");
        }
        Map<String, Object> p = new LinkedHashMap<>(properties);
        p.put(name, value);
        return new Problem(kind, status, detail, p, headers);
    }

    /** This problem with one more response header. */
    public Problem withHeader(String name, String value) {
        Map<String, String> h = new LinkedHashMap<>(headers);
        h.put(name, value);
        return new Problem(kind, status, detail, properties, h);
    }

    /** This problem with another detail. */
    public Problem withDetail(String newDetail) {
        return new Problem(kind, status, newDetail, properties, headers);
    }

    /**
     * This problem with a status the web server or the framework decided (of the kind's class: a 4xx kind stays 4xx),
     * for statuses the catalog has no kind of its own for.
     */
    public Problem withStatus(int newStatus) {
        return new Problem(kind, newStatus, detail, properties, headers);
    }

    private static <V> Map<String, V> ordered(Map<String, V> m) {
        // insertion order kept: Map.copyOf's order is randomized per JVM, and members are written in this order
        return m == null || m.isEmpty() ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(m));
    }
}
