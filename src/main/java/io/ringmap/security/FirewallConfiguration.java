package io.ringmap.security;

import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.web.ProblemRenderer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.annotation.web.configuration.WebSecurityCustomizer;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.security.web.firewall.StrictHttpFirewall;

/**
 * Spring Security's request firewall as ringmap needs it, in every security mode. Parameter and header names and
 * values are not policed by the firewall: it checks them lazily, when a handler first reads them, so a rejection
 * there escaped as a 500 (ringmap validates every parameter it reads and answers bad ones with problems). What the
 * firewall still rejects up front (paths such as {@code //ring}, encoded slashes, path traversal)
 * gets a 400 {@code malformed-request} problem naming the reason.
 */
@Configuration(proxyBeanMethods = false)
public class FirewallConfiguration {

    @Bean
    WebSecurityCustomizer ringmapFirewall() {
        StrictHttpFirewall firewall = new StrictHttpFirewall();
        firewall.setAllowedParameterNames(name -> true);
        firewall.setAllowedParameterValues(value -> true);
        firewall.setAllowedHeaderNames(name -> true);
        firewall.setAllowedHeaderValues(value -> true);
        RequestRejectedHandler rejected = (request, response, e) -> ProblemRenderer.write(
                response,
                ProblemKind.MALFORMED_REQUEST.problem("the request path is not accepted: " + e.getMessage()),
                request.getRequestURI());
        return web -> web.httpFirewall(firewall).requestRejectedHandler(rejected);
    }
}
