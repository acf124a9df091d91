package io.ringmap.hotkeys.config;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;

/**
 * The hot-key settings, bound whether counting is on or off: {@code GET /hotkeys} answers hotkeys-disabled from them,
 * and the problem handler and the shard planner ask them whether clear keys may be shown.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(HotKeysProperties.class)
public class HotKeysPropertiesConfiguration {}
