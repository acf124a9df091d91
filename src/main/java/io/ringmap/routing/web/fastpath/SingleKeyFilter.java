package io.ringmap.routing.web.fastpath;

import io.ringmap.caching.SnapshotCaching;
import io.ringmap.problem.ProblemException;
import io.ringmap.routing.web.ReplicasResponse;
import io.ringmap.routing.web.SingleKeyAnswers;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Enumeration;
import java.util.Locale;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.filter.ServerHttpObservationFilter;
import org.springframework.web.servlet.HandlerMapping;
import tools.jackson.databind.ObjectWriter;

/**
 * Answers {@code GET /replicas} ahead of Spring MVC's dispatch, after every other filter (Spring Security, the
 * {@code http.server.requests} observation, the body limit): the same answer from the same computation as the handler
 * ({@link SingleKeyAnswers}), the same 304 from the same interceptor ({@link SnapshotCaching#preHandle}), written by
 * the mapper Spring MVC writes with, tagged by the same {@link SnapshotCaching}, observed under the handler's
 * {@code uri="/replicas"}.
 * <p><b>Why it exists.</b> The single key is the request other services make on their own request paths. Inside Spring
 * MVC it measured 0.69-0.88x the throughput of a minimal Spring Boot app (CPU per request 1.3-1.5x), short of the
 * 0.9x target; handler lookup, argument and return value handling and the message converter are about 10 µs of it,
 * more than ringmap's own routing (docs/performance.md, "Single key").
 * <p><b>What it leaves to Spring MVC</b>, counted in {@code ringmap_single_key_fallbacks_total} by {@link Fallback
 * reason}: a path not written exactly {@code /replicas}, an {@code Accept} that does not plainly take JSON, a query
 * the container cannot decode, and every request the answer refuses with one of the catalog's problems (refusals are
 * found before a key counts as a hit, so Spring MVC answers them, problem and all, exactly as without this filter).
 * Anything else thrown is a defect and is not caught. Other methods pass untouched and uncounted.
 * <p><b>Kept the same</b> by {@code SingleKeyFilterDifferentialTest}: requests generated from a grammar of the
 * endpoint's forms, each sent to an instance with this filter and one without, whole answers (status, headers, body),
 * hit counts and observations compared. {@code ringmap.api.single-key-filter=false} turns it off.
 * <p><b>When to delete it:</b> when {@code scripts/bench single} shows the Spring MVC handler alone (filter off) at
 * 0.9x or more of the minimal app (for example after a Spring MVC release with a cheaper dispatch), or when the
 * single key stops being a request-path lookup. Deleting it is this package and its property; nothing else calls it.
 */
public final class SingleKeyFilter implements Filter {

    /** The path the filter is mapped to (exactly). */
    static final String PATH = "/replicas";

    /** Why a GET on {@link #PATH} was left to Spring MVC. */
    public enum Fallback {
        /** The path as written is not exactly {@code /replicas} ({@code /replic%61s}, {@code /replicas;v=1}). */
        PATH,
        /** An {@code Accept} other than one plain header naming JSON, {@code application/*} or {@code *}/{@code *}. */
        ACCEPT,
        /** The servlet container could not decode the query string. */
        UNDECODABLE,
        /** The answer refused the request with a problem (a missing keyspace, a bad key, an unknown data centre). */
        REFUSED;

        String tag() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    static final String ANSWERED = "ringmap.single.key.answered";
    static final String FALLBACKS = "ringmap.single.key.fallbacks";

    private final SingleKeyAnswers answers;
    private final SnapshotCaching caching;
    private final ObjectWriter json;
    private final SingleKeyMetrics metrics;

    /** @param json the writer of the mapper Spring MVC writes answers with, so both give the same bytes */
    SingleKeyFilter(SingleKeyAnswers answers, SnapshotCaching caching, ObjectWriter json, SingleKeyMetrics metrics) {
        this.answers = answers;
        this.caching = caching;
        this.json = json;
        this.metrics = metrics;
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        ServletRequest onward = req;
        if (req instanceof HttpServletRequest request
                && res instanceof HttpServletResponse response
                && "GET".equals(request.getMethod())) {
            onward = answer(request, response);
            if (onward == null) {
                return;
            }
        }
        chain.doFilter(onward, res);
    }

    /**
     * A request whose query the container could not decode, as Spring MVC would have seen it without this filter:
     * Tomcat throws on the first read of the parameters and gives those parsed so far on every later one, so each read
     * here throws what the first one threw, and the handler's problem names the same fault.
     */
    private static final class Undecodable extends HttpServletRequestWrapper {

        private final RuntimeException fault;

        Undecodable(HttpServletRequest request, RuntimeException fault) {
            super(request);
            this.fault = fault;
        }

        @Override
        public String getParameter(String name) {
            throw fault;
        }

        @Override
        public Map<String, String[]> getParameterMap() {
            throw fault;
        }

        @Override
        public Enumeration<String> getParameterNames() {
            throw fault;
        }

        @Override
        public String[] getParameterValues(String name) {
            throw fault;
        }
    }

    /**
     * Answers the request and gives null, or counts why Spring MVC must answer it and gives the request to hand on
     * (having written nothing).
     */
    private HttpServletRequest answer(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!exactPath(request)) {
            return leave(Fallback.PATH, request);
        }
        if (!takesJson(request.getHeaders(HttpHeaders.ACCEPT))) {
            return leave(Fallback.ACCEPT, request);
        }
        Map<String, String[]> parameters;
        try {
            parameters = request.getParameterMap();
        } catch (org.apache.tomcat.util.http.InvalidParameterException e) {
            return leave(Fallback.UNDECODABLE, new Undecodable(request, e));
        }
        // what RequestMappingInfoHandlerMapping sets when it picks the handler, before the interceptors: the route
        // (for whatever records routes) and the observation's uri tag
        request.setAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE, PATH);
        ServerHttpObservationFilter.findObservationContext(request).ifPresent(c -> c.setPathPattern(PATH));
        if (!caching.preHandle(request, response, this)) {
            metrics.answered(); // the 304, written by the interceptor
            return null;
        }
        ReplicasResponse answer;
        try {
            answer = answers.replicas(parameters);
        } catch (RuntimeException e) {
            if (e instanceof ProblemException) {
                return leave(Fallback.REFUSED, request);
            }
            throw e;
        }
        byte[] body = json.writeValueAsBytes(answer);
        caching.tag(request, response, answer);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setContentLength(body.length);
        metrics.answered(); // before the answer leaves: a client may look as soon as it has it
        response.getOutputStream().write(body);
        return null;
    }

    private HttpServletRequest leave(Fallback reason, HttpServletRequest request) {
        metrics.fellBack(reason);
        return request;
    }

    /**
     * Whether the request names {@code /replicas} as it is: the container maps {@code /replicas;x=y} and
     * {@code /replic%61s} here too, and what those mean (and whether they are refused) is Spring MVC's to say.
     */
    private static boolean exactPath(HttpServletRequest request) {
        String uri = request.getRequestURI();
        String context = request.getContextPath();
        return uri.length() == context.length() + PATH.length() && uri.startsWith(context) && uri.endsWith(PATH);
    }

    /**
     * Whether Spring MVC would answer {@code application/json} (the handler's only type) for these {@code Accept}
     * headers: none, or one naming {@code application/json}, {@code application/*} or {@code *}{@code /*} without
     * parameters. Anything with parameters (a q-value may refuse JSON), or more than one header, is left to Spring
     * MVC's negotiation.
     */
    static boolean takesJson(Enumeration<String> headers) {
        if (headers == null || !headers.hasMoreElements()) {
            return true;
        }
        String accept = headers.nextElement();
        if (headers.hasMoreElements() || accept.indexOf(';') >= 0) {
            return false;
        }
        int from = 0;
        while (from <= accept.length()) {
            int comma = accept.indexOf(',', from);
            int end = comma < 0 ? accept.length() : comma;
            String type = accept.substring(from, end).strip();
            if (type.equalsIgnoreCase("application/json")
                    || type.equals("*/*")
                    || type.equalsIgnoreCase("application/*")) {
                return true;
            }
            from = end + 1;
        }
        return false;
    }
}
