package io.ringmap.planning.config;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;

/** Binds the planning endpoints' limits ({@code ringmap.plan.*}). */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(PlanProperties.class)
public class PlanningConfiguration {
}
