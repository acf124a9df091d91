package io.ringmap.caching;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** Registers the conditional-GET handling of snapshot-derived answers. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(CachingProperties.class)
public class CachingConfiguration implements WebMvcConfigurer {

    private final SnapshotCaching caching;

    public CachingConfiguration(SnapshotCaching caching) {
        this.caching = caching;
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(caching).addPathPatterns(SnapshotCaching.PATHS);
    }
}
