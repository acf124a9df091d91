package io.ringmap.console.web;

import io.ringmap.security.SecurityProperties;
import io.swagger.v3.oas.annotations.Hidden;
import java.net.URI;
import java.util.Locale;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ResponseBody;

/**
 * The console at {@code /console}: its page and modules are static files (classpath {@code static/console}); this
 * opens the page and tells it how callers authenticate, so it sends the credential the user types as the API expects.
 * Its data calls go through the API with that credential, like any other caller's.
 */
@Controller
@Hidden
public class ConsoleController {

    private static final URI PAGE = URI.create("/console/");

    private final SecurityProperties security;

    public ConsoleController(SecurityProperties security) {
        this.security = security;
    }

    /**
     * How the console authenticates its calls.
     *
     * @param mode   none, api-key or jwt ({@code ringmap.security.mode})
     * @param header the header an API key goes in (api-key only)
     */
    public record ConsoleSettings(String mode, String header) {}

    /**
     * To {@code /console/}: the page's modules and styles are addressed relative to it. The relative {@code Location}
     * is set as it is, not through {@code sendRedirect}, which Tomcat makes absolute from the {@code Host} header
     * (for HTTP/1.0 whatever {@code use-relative-redirects} says).
     */
    @GetMapping("/console")
    ResponseEntity<Void> console() {
        return ResponseEntity.status(HttpStatus.FOUND).location(PAGE).build();
    }

    @GetMapping("/console/")
    String page() {
        return "forward:/console/index.html";
    }

    @GetMapping(path = "/console/settings", produces = "application/json")
    @ResponseBody
    ConsoleSettings settings() {
        return new ConsoleSettings(
                security.mode().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                security.mode() == SecurityProperties.Mode.API_KEY ? security.apiKeyHeader() : null);
    }
}
