package io.ringmap.caching;

import io.ringmap.snapshot.web.SnapshotAnswer;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.util.Arrays;
import java.util.Set;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** Registers the conditional-GET handling of snapshot-derived answers, and documents it on the operations it tags. */
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

    /**
     * The tagged operations (a GET on {@link SnapshotCaching#PATHS} answering a {@link SnapshotAnswer}) list their
     * 304 and the ETag and Cache-Control headers of their 200.
     */
    @Bean
    OperationCustomizer conditionalGets() {
        Set<String> paths = Set.of(SnapshotCaching.PATHS);
        return (operation, handler) -> {
            GetMapping get = AnnotatedElementUtils.findMergedAnnotation(handler.getMethod(), GetMapping.class);
            if (get == null
                    || Arrays.stream(get.path()).noneMatch(paths::contains)
                    || !SnapshotAnswer.class.isAssignableFrom(
                            handler.getMethod().getReturnType())) {
                return operation;
            }
            Header etag = new Header()
                    .description("The snapshot's content hash, weak unless "
                            + "ringmap.caching.strong-etag; send it back as If-None-Match")
                    .schema(string());
            Header cacheControl =
                    new Header().description("From ringmap.caching.max-age").schema(string());
            ApiResponse ok = operation.getResponses().get("200");
            if (ok != null) {
                ok.addHeaderObject("ETag", etag).addHeaderObject("Cache-Control", cacheControl);
            }
            operation
                    .getResponses()
                    .addApiResponse(
                            "304",
                            new ApiResponse()
                                    .description(
                                            "Not Modified: If-None-Match names the served snapshot's ETag (no body)")
                                    .addHeaderObject("ETag", etag)
                                    .addHeaderObject("Cache-Control", cacheControl));
            return operation;
        };
    }

    private static Schema<String> string() {
        return new Schema<String>().type("string").types(Set.of("string"));
    }
}
