package io.ringmap.config;

import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Matches when {@code spring.cassandra.contact-points} is configured, in any form Spring Boot binds (a comma-separated
 * value, a YAML list or indexed {@code [0]} properties, from any property source). Boot's own default contact point
 * does not count: without explicit contact points ringmap serves its static topology.
 */
public class OnContactPointsCondition implements Condition {

    static final String PROPERTY = "spring.cassandra.contact-points";

    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
        return Binder.get(context.getEnvironment()).bind(PROPERTY, Bindable.listOf(String.class))
                .map(list -> list.stream().anyMatch(s -> s != null && !s.isBlank()))
                .orElse(false);
    }
}
