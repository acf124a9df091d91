package io.ringmap.security;

import io.ringmap.problem.ProblemKind;
import io.ringmap.web.OpenApiConfiguration;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import java.util.EnumMap;
import java.util.Map;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The OpenAPI document's security scheme and requirements for {@code ringmap.security.mode}. */
@Configuration(proxyBeanMethods = false)
public class OpenApiSecurityConfiguration {

    /**
     * The credentials of the active security mode ({@code ringmap.security.mode}): an API key header or a JWT bearer
     * token, declared as a security scheme and required by every operation that needs it (only {@code POST /hits}
     * with anonymous reads), each with its 401 and 403 problems (and in mode jwt the 503 of an identity provider whose
     * key set cannot be fetched), so that Swagger UI's Authorize button sends them.
     * Mode {@code none} declares none.
     */
    @Bean
    OpenApiCustomizer securityScheme(SecurityProperties security) {
        return openApi -> {
            if (security.mode() == SecurityProperties.Mode.NONE || openApi.getPaths() == null) {
                return;
            }
            boolean apiKey = security.mode() == SecurityProperties.Mode.API_KEY;
            String name = apiKey ? "apiKey" : "bearer";
            openApi.getComponents()
                    .addSecuritySchemes(
                            name,
                            apiKey
                                    ? new SecurityScheme()
                                            .type(SecurityScheme.Type.APIKEY)
                                            .in(SecurityScheme.In.HEADER)
                                            .name(security.apiKeyHeader())
                                            .description("an API key (ringmap.security.api-keys)")
                                    : new SecurityScheme()
                                            .type(SecurityScheme.Type.HTTP)
                                            .scheme("bearer")
                                            .bearerFormat("JWT")
                                            .description("a JWT from issuer "
                                                    + security.jwt().issuer() + " for audience "
                                                    + security.jwt().audiences()));
            openApi.getPaths()
                    .forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
                        boolean hits = method == PathItem.HttpMethod.POST && path.equals("/hits");
                        if (!hits && security.anonymousReads()) {
                            return;
                        }
                        String scope = hits ? security.hitsScope() : security.readScope();
                        operation.addSecurityItem(new SecurityRequirement().addList(name, scope));
                        Map<ProblemKind, String> problems = new EnumMap<>(ProblemKind.class);
                        problems.put(
                                ProblemKind.UNAUTHORIZED,
                                "this endpoint needs authentication: send "
                                        + (apiKey
                                                ? "an API key in the " + security.apiKeyHeader() + " header"
                                                : "a bearer token in the Authorization header"));
                        problems.put(ProblemKind.FORBIDDEN, method + " " + path + " needs the scope " + scope);
                        if (!apiKey) {
                            problems.put(
                                    ProblemKind.IDENTITY_PROVIDER_UNAVAILABLE, SecurityProblems.PROVIDER_UNAVAILABLE);
                        }
                        OpenApiConfiguration.addProblems(operation, path, problems);
                    }));
        };
    }
}
