package io.ringmap.security;

import io.ringmap.hotkeys.config.HotKeysProperties;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.endpoint.web.WebServerNamespace;
import org.springframework.boot.actuate.info.InfoEndpoint;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusScrapeEndpoint;
import org.springframework.boot.security.autoconfigure.actuate.web.servlet.EndpointRequest;
import org.springframework.boot.security.oauth2.server.resource.autoconfigure.servlet.JwkSetUriJwtDecoderBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.SimpleClientHttpRequestFactory;
import org.springframework.security.config.ObjectPostProcessor;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.server.resource.web.authentication.BearerTokenAuthenticationFilter;
import org.springframework.security.web.DefaultSecurityFilterChain;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.AnyRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.web.client.RestTemplate;

/**
 * Optional caller authentication ({@code ringmap.security.mode}): none by default; API keys or JWT bearer tokens
 * with a read scope for the query endpoints, a separate scope for {@code POST /hits} and a management scope for every
 * management endpoint but health, info and prometheus. Those three, the probes, the API documentation and the
 * console's static files stay open in every mode.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SecurityProperties.class)
public class SecurityConfiguration {

    private static final Logger log = LoggerFactory.getLogger(SecurityConfiguration.class);

    /** The peer endpoint's id ({@code /actuator/peer}), present only with peers. */
    private static final String PEER_ENDPOINT = "peer";

    private static final RequestMatcher HITS =
            PathPatternRequestMatcher.withDefaults().matcher(HttpMethod.POST, "/hits");

    /**
     * What probes and scrapes need, open in every mode; every other management endpoint needs the manage scope. Made
     * per filter chain, as every endpoint matcher (they cache the first application context's endpoints).
     */
    private static RequestMatcher openEndpoints() {
        return EndpointRequest.to(HealthEndpoint.class, InfoEndpoint.class, PrometheusScrapeEndpoint.class);
    }

    @Bean
    SecurityFilterChain ringmapSecurity(
            HttpSecurity http,
            SecurityProperties security,
            ObjectProvider<JwtDecoder> jwtDecoders,
            HotKeysProperties hotKeys)
            throws Exception {
        ClearKeysCheck.exposure(security, hotKeys).ifPresent(reason -> {
            throw new IllegalStateException(reason);
        });
        if (security.mode() == SecurityProperties.Mode.NONE) {
            // off: responses exactly as without Spring Security, and no security filter on the request path (the
            // firewall of FilterChainProxy still applies, see FirewallConfiguration). A chain of ten filters, each
            // allowing everything, cost a quarter of the CPU of a single-key GET /replicas.
            log.info("caller authentication is off (ringmap.security.mode=none)");
            return new DefaultSecurityFilterChain(AnyRequestMatcher.INSTANCE);
        }
        // a stateless JSON API: no session, no cookies (so no CSRF), no login page, no redirects
        http.csrf(AbstractHttpConfigurer::disable)
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable)
                .formLogin(AbstractHttpConfigurer::disable)
                .httpBasic(AbstractHttpConfigurer::disable);
        String read = SecurityProperties.authority(security.readScope());
        String hits = SecurityProperties.authority(security.hitsScope());
        String manage = SecurityProperties.authority(security.managementScope());
        http.authorizeHttpRequests(a -> {
            a.requestMatchers(openEndpoints())
                    .permitAll()
                    .requestMatchers(
                            EndpointRequest.toAdditionalPaths(WebServerNamespace.MANAGEMENT, HealthEndpoint.class))
                    .permitAll()
                    // the peer channel has its own proof, the deployment's peer secret, checked before this chain
                    // (peers.web.PeerAuthenticationFilter); a caller's scope does not open it
                    .requestMatchers(EndpointRequest.to(PEER_ENDPOINT))
                    .permitAll()
                    .requestMatchers(EndpointRequest.toAnyEndpoint())
                    .hasAuthority(manage)
                    .requestMatchers(
                            "/error",
                            "/v3/api-docs",
                            "/v3/api-docs/**",
                            "/v3/api-docs.yaml",
                            "/swagger-ui.html",
                            "/swagger-ui/**")
                    .permitAll()
                    // the console's page, modules, settings and chart library (a WebJar), open as the API
                    // documentation is; its data calls are API calls with the caller's credential
                    .requestMatchers(HttpMethod.GET, "/console", "/console/", "/console/**", "/webjars/**")
                    .permitAll()
                    .requestMatchers(HITS)
                    .hasAuthority(hits);
            if (security.anonymousReads()) {
                a.anyRequest().permitAll();
            } else {
                a.anyRequest().hasAuthority(read);
            }
        });
        if (security.mode() == SecurityProperties.Mode.API_KEY) {
            SecurityProblems problems = new SecurityProblems(
                    "ApiKey header=\"" + security.apiKeyHeader() + "\"",
                    "an API key in the " + security.apiKeyHeader() + " header",
                    scopeFor(security));
            http.exceptionHandling(e -> e.authenticationEntryPoint(problems).accessDeniedHandler(problems))
                    .addFilterBefore(
                            new ApiKeyAuthenticationFilter(
                                    security.apiKeyHeader(), new ApiKeys(security.apiKeys()), problems),
                            AnonymousAuthenticationFilter.class);
            log.info(
                    "caller authentication: API keys in header {} ({} keys: {})",
                    security.apiKeyHeader(),
                    security.apiKeys().size(),
                    security.apiKeys().keySet());
        } else {
            if (jwtDecoders.getIfAvailable() == null) {
                throw new IllegalStateException("ringmap.security.mode=jwt needs a JWT decoder: set "
                        + "spring.security.oauth2.resourceserver.jwt.issuer-uri, jwk-set-uri or public-key-location");
            }
            SecurityProblems problems =
                    new SecurityProblems("Bearer", "a bearer token in the Authorization header", scopeFor(security));
            http.exceptionHandling(e -> e.authenticationEntryPoint(problems).accessDeniedHandler(problems))
                    .oauth2ResourceServer(o -> o.jwt(
                                    jwt -> jwt.decoder(new JwtClaimsCheck(jwtDecoders.getObject(), security.jwt())))
                            .authenticationEntryPoint(problems)
                            .accessDeniedHandler(problems)
                            // a key set that cannot be fetched is the identity provider's failure, not the
                            // caller's: 503 instead of the filter's rethrow, which the container answered with 500
                            .withObjectPostProcessor(new ObjectPostProcessor<BearerTokenAuthenticationFilter>() {
                                @Override
                                public <O extends BearerTokenAuthenticationFilter> O postProcess(O filter) {
                                    filter.setAuthenticationFailureHandler(problems);
                                    return filter;
                                }
                            }));
            log.info(
                    "caller authentication: JWT bearer tokens from issuer {} for audiences {}, scopes {} (reads{}), "
                            + "{} (POST /hits) and {} (management)",
                    security.jwt().issuer(),
                    security.jwt().audiences(),
                    security.readScope(),
                    security.anonymousReads() ? " open to anonymous callers" : "",
                    security.hitsScope(),
                    security.managementScope());
        }
        return http.build();
    }

    /**
     * The key set that Spring Boot's JWT decoder fetches ({@code jwk-set-uri}, or the one {@code issuer-uri}
     * discovers) is fetched again for an unknown key id at most once per
     * {@code ringmap.security.jwt.jwk-set-refetch-interval}, and each fetch is bounded by
     * {@code ringmap.security.jwt.jwk-set-fetch-timeout} (Spring Security's default client has no timeout: a stalled
     * identity provider would hold every request thread that waits for it).
     */
    @Bean
    JwkSetUriJwtDecoderBuilderCustomizer rateLimitedJwkSetRefetch(SecurityProperties security, Clock clock) {
        SimpleClientHttpRequestFactory bounded = new SimpleClientHttpRequestFactory();
        bounded.setConnectTimeout(security.jwt().jwkSetFetchTimeout());
        bounded.setReadTimeout(security.jwt().jwkSetFetchTimeout());
        return builder -> builder.cache(
                        new RateLimitedJwkSetCache(security.jwt().jwkSetRefetchInterval(), clock))
                .restOperations(new RestTemplate(bounded));
    }

    /**
     * The scope a refused request needed. The management matcher is made per filter chain: an endpoint matcher
     * caches the endpoints of the first application context it sees, so a static one shared by several contexts
     * in one JVM (tests, several instances) named the read scope for a management endpoint another context exposes.
     */
    private static java.util.function.Function<HttpServletRequest, String> scopeFor(SecurityProperties security) {
        RequestMatcher management = EndpointRequest.toAnyEndpoint();
        return request -> HITS.matches(request)
                ? security.hitsScope()
                : management.matches(request) ? security.managementScope() : security.readScope();
    }
}
