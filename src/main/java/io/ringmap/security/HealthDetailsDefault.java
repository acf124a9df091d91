package io.ringmap.security;

import java.util.Locale;
import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Who sees health's details (the disk path, the ring's source and contact points, why a cluster refused) when
 * {@code management.endpoint.health.show-details} is not set: everyone with caller authentication off
 * ({@code ringmap.security.mode: none}, the default), since whoever reads them can already read {@code /ring}; the
 * callers with the management scope otherwise. Added last, so any configured value wins.
 */
public class HealthDetailsDefault implements EnvironmentPostProcessor, Ordered {

    static final String PROPERTY = "management.endpoint.health.show-details";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        if (environment.containsProperty(PROPERTY)) {
            return;
        }
        String mode = environment.getProperty("ringmap.security.mode", "none").toLowerCase(Locale.ROOT);
        environment
                .getPropertySources()
                .addLast(new MapPropertySource(
                        "ringmapHealthDetails", Map.of(PROPERTY, mode.equals("none") ? "always" : "when-authorized")));
    }

    @Override
    public int getOrder() {
        // after the configuration files and the command line are read
        return Ordered.LOWEST_PRECEDENCE;
    }
}
