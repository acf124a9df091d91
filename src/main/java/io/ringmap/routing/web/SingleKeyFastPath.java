package io.ringmap.routing.web;

import io.ringmap.caching.SnapshotCaching;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.filter.ServerHttpObservationFilter;
import tools.jackson.databind.ObjectWriter;

/**
 * Serves the plain single-key {@code GET /replicas} (a table's key as column=value, optionally {@code dc}; no token,
 * no consistency, no conditional request) ahead of Spring MVC's dispatch: the same answer from the same handler code
 * ({@link ReplicasController#plainAnswer}), written by the same JSON mapper with the same headers ({@code ETag},
 * {@code Cache-Control}, {@code Content-Type}, {@code Content-Length}), observed under the same {@code uri} tag.
 * <p>Why: on this request, the one other services make on their own request paths, Spring MVC's dispatch (handler
 * lookup, argument resolution, return value handling, content negotiation) cost more CPU than ringmap's own work
 * (BENCHMARKS.md, "Single key, a fast path"). It runs after every other filter, security included.
 * <p>Anything else goes on to Spring MVC: another method, parameters given twice, a token or consistency, an
 * {@code If-None-Match}, an {@code Accept} that does not plainly take JSON, and every request the handler would
 * refuse. Those are found before the key is counted as a hit, so Spring MVC answers them, problem and all, exactly
 * as if this filter were not there ({@code SingleKeyFastPathTest} compares both paths byte for byte).
 */
public final class SingleKeyFastPath implements Filter {

    /** The path this filter is mapped to (exactly). */
    static final String PATH = "/replicas";

    private final ReplicasController controller;
    private final SnapshotCaching caching;
    private final ObjectWriter json;
    private final LongAdder served = new LongAdder();

    /**
     * @param json the writer of the mapper Spring MVC writes answers with, so both paths give the same bytes
     */
    SingleKeyFastPath(ReplicasController controller, SnapshotCaching caching, ObjectWriter json) {
        this.controller = controller;
        this.caching = caching;
        this.json = json;
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        if (req instanceof HttpServletRequest request && res instanceof HttpServletResponse response
                && "GET".equals(request.getMethod()) && exactPath(request)) {
            ReplicasController.ReplicasResponse answer = plainAnswer(request);
            if (answer != null) {
                served.increment(); // before the answer leaves: a client may look as soon as it has it
                write(request, response, answer);
                return;
            }
        }
        chain.doFilter(req, res);
    }

    private void write(HttpServletRequest request, HttpServletResponse response,
            ReplicasController.ReplicasResponse answer) throws IOException {
        byte[] body = json.writeValueAsBytes(answer);
        // what RequestMappingInfoHandlerMapping sets when it picks the handler: the metrics' uri tag
        ServerHttpObservationFilter.findObservationContext(request).ifPresent(c -> c.setPathPattern(PATH));
        response.setHeader(HttpHeaders.ETAG, caching.etagOf(answer));
        response.setHeader(HttpHeaders.CACHE_CONTROL, caching.cacheControl());
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /**
     * Whether the request names {@code /replicas} as it is: the container maps {@code /replicas;x=y} and
     * {@code /replic%61s} here too, and what those mean (and whether they are refused) is Spring MVC's to say.
     */
    private static boolean exactPath(HttpServletRequest request) {
        String uri = request.getRequestURI();
        String context = request.getContextPath();
        return uri.length() == context.length() + PATH.length() && uri.startsWith(context)
                && uri.endsWith(PATH);
    }

    /** The answer, or null when the request is not a plain one or the handler would refuse it. */
    private ReplicasController.ReplicasResponse plainAnswer(HttpServletRequest request) {
        if (request.getHeader(HttpHeaders.IF_NONE_MATCH) != null || !takesJson(request.getHeader(HttpHeaders.ACCEPT))) {
            return null;
        }
        String keyspace = null;
        String table = null;
        String dc = null;
        // read here rather than by the container: a broken query makes the container's parser fail once and then
        // give the parameters read so far, so a request it failed on could not be handed on to Spring MVC
        String[] parameters = PlainQuery.read(request.getQueryString());
        if (parameters == null) {
            return null;
        }
        Map<String, String> key = new LinkedHashMap<>(4);
        for (int i = 0; i < parameters.length; i += 2) {
            String name = parameters[i];
            String value = parameters[i + 1];
            switch (name) {
                case "keyspace" -> {
                    if (keyspace != null) {
                        return null;
                    }
                    keyspace = value;
                }
                case "table" -> {
                    if (table != null) {
                        return null;
                    }
                    table = value;
                }
                case "dc" -> {
                    if (dc != null) {
                        return null;
                    }
                    dc = value;
                }
                case "token", "consistency" -> {
                    return null;
                }
                default -> {
                    // as KeyParams: every other parameter is a key column, a pk. prefix forces one; a column given
                    // twice is refused there
                    if (key.put(KeyParams.column(name), value) != null) {
                        return null;
                    }
                }
            }
        }
        if (keyspace == null || table == null) {
            return null;
        }
        return controller.plainAnswer(keyspace, table, key, dc);
    }

    /**
     * Whether Spring MVC would answer {@code application/json} (the handler's only type) for this {@code Accept}:
     * none, or a list naming {@code application/json}, {@code application/*} or {@code *}{@code /*} without
     * parameters. Anything with parameters (a q-value may refuse JSON) is left to Spring MVC's negotiation.
     */
    static boolean takesJson(String accept) {
        if (accept == null) {
            return true;
        }
        if (accept.indexOf(';') >= 0) {
            return false;
        }
        int from = 0;
        while (from <= accept.length()) {
            int comma = accept.indexOf(',', from);
            int end = comma < 0 ? accept.length() : comma;
            String type = accept.substring(from, end).strip();
            if (type.equalsIgnoreCase("application/json") || type.equals("*/*")
                    || type.equalsIgnoreCase("application/*")) {
                return true;
            }
            from = end + 1;
        }
        return false;
    }

    /** How many requests this filter answered (for tests and the benchmark's check that it was used). */
    public long served() {
        return served.sum();
    }
}
