package io.ringmap.bench.minimal;

import java.util.List;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Profile;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The HTTP baseline for ringmap's single-key benchmark: a minimal Spring Boot app on ringmap's own classpath (the
 * same web, actuator and Prometheus starters, Tomcat and Jackson), with one {@code @GetMapping} returning a small
 * record. Whatever ringmap's {@code GET /replicas} costs beyond this is ringmap's own work. Spring Security and
 * Cassandra are on that classpath too but are not among the starters compared: their auto-configuration is
 * excluded (with it, every request to this app was answered 401 by Boot's default security, so the baseline
 * measured rejections). Run:
 * {@code java -cp "target/test-classes:$(cat cp.txt)" io.ringmap.bench.minimal.MinimalApp --server.port=18280
 * --management.server.port=18281} (see {@code scripts/bench single}).
 * <p>Only under its own profile: it sits below {@code io.ringmap}, so ringmap's test contexts would otherwise scan it
 * and serve (and document in openapi.yaml) its {@code /hello}.
 */
@SpringBootApplication
@Profile(MinimalApp.PROFILE)
@RestController
public class MinimalApp {

    static final String PROFILE = "bench-minimal";

    /** A small answer, about the size of a one-replica-set routing answer. */
    public record Answer(String keyspace, String key, String token, List<String> replicas) {}

    @GetMapping("/hello")
    public Answer hello(@RequestParam String key) {
        return new Answer("iot", key, "1523456789012345678", List.of("127.0.0.3", "127.0.0.4", "127.0.0.1"));
    }

    public static void main(String[] args) {
        SpringApplication app = new SpringApplication(MinimalApp.class);
        app.setAdditionalProfiles(PROFILE);
        // as ringmap's application.yaml: no Cassandra health check (no cluster here), the same actuator exposure
        app.setDefaultProperties(java.util.Map.of(
                "management.health.cassandra.enabled",
                "false",
                "management.endpoints.web.exposure.include",
                "health,info,prometheus",
                "spring.threads.virtual.enabled",
                "false",
                "spring.autoconfigure.exclude",
                String.join(
                        ",",
                        "org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration",
                        "org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration",
                        "org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration",
                        "org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterAutoConfiguration",
                        "org.springframework.boot.security.autoconfigure.actuate.web.servlet"
                                + ".ManagementWebSecurityAutoConfiguration",
                        "org.springframework.boot.security.oauth2.server.resource.autoconfigure.servlet"
                                + ".OAuth2ResourceServerAutoConfiguration",
                        "org.springframework.boot.cassandra.autoconfigure.CassandraAutoConfiguration")));
        app.run(args);
    }
}
