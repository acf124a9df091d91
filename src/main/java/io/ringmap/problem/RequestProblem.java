package io.ringmap.problem;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A question a core package cannot answer as asked: which kind of problem it is (a stable problem type with its fixed
 * title and HTTP status) and which request member is at fault. The cores throw subclasses of their own; one web
 * handler turns every one into the same RFC 9457 shape, so no core needs a problem mapper of its own.
 */
public abstract class RequestProblem extends RuntimeException {

    /** A kind of problem: its stable type (the part after {@code urn:ringmap:problem:}), title and HTTP status. */
    public interface Kind {

        /** What the kind is; an enum of kinds keeps one of these per constant. */
        Spec spec();

        default String type() {
            return spec().type();
        }

        default String title() {
            return spec().title();
        }

        default int status() {
            return spec().status();
        }
    }

    /** A problem kind's stable type, fixed title and HTTP status. */
    public record Spec(String type, String title, int status) {

        public Spec {
            Objects.requireNonNull(type, "type must not be null");
            Objects.requireNonNull(title, "title must not be null");
            if (status < 400 || status > 599) {
                throw new IllegalArgumentException("a problem's status is 4xx or 5xx, was " + status);
            }
        }
    }

    private final Kind kind;
    private final String memberName;
    private final String member;
    private final Map<String, Object> properties;

    /**
     * @param memberName the problem member that names the culprit: {@code parameter} for query parameters,
     *                   {@code field} for body fields
     * @param member     the parameter or field at fault
     */
    protected RequestProblem(Kind kind, String memberName, String member, String message) {
        this(kind, memberName, member, message, Map.of());
    }

    /**
     * @param properties further problem members, e.g. {@code size} and {@code limit} of a request over a limit
     */
    protected RequestProblem(Kind kind, String memberName, String member, String message,
            Map<String, Object> properties) {
        super(message);
        this.kind = Objects.requireNonNull(kind, "kind must not be null");
        this.memberName = Objects.requireNonNull(memberName, "memberName must not be null");
        this.member = member;
        this.properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    public Kind kind() {
        return kind;
    }

    /** The name of the problem member naming the culprit ({@code parameter} or {@code field}). */
    public String memberName() {
        return memberName;
    }

    /** The parameter or field at fault. */
    public String member() {
        return member;
    }

    /** Further problem members beside the culprit, in order (empty for most problems). */
    public Map<String, Object> properties() {
        return properties;
    }
}
