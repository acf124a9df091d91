package io.ringmap.config;

import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Matches when the live cluster source should serve: {@code ringmap.topology.source=cluster}, or with the default
 * {@code auto} when {@code spring.cassandra.contact-points} is configured, in any form Spring Boot binds (a comma-separated
 * value, a YAML list or indexed {@code [0]} properties, from any property source). Boot's own default contact point
 * does not count: without explicit contact points ringmap serves its static topology.
 */
public class OnContactPointsCondition implements Condition {

    static final String PROPERTY = "spring.cassandra.contact-points";
    static final String SOURCE = "ringmap.topology.source";

    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
        String source =
                context.getEnvironment().getProperty(SOURCE, "auto").trim().toLowerCase(java.util.Locale.ROOT);
        switch (source) {
            case "cluster":
                return true; // e.g. contact points from a @ServiceConnection container rather than properties
            case "static":
                return false;
            case "auto":
                break;
            default:
                throw new IllegalStateException(SOURCE + " must be auto, static or cluster, was '" + source + "'");
        }
        return Binder.get(context.getEnvironment())
                .bind(PROPERTY, Bindable.listOf(String.class))
                .map(list -> list.stream().anyMatch(s -> s != null && !s.isBlank()))
                .orElse(false);
    }
}
