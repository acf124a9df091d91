package io.ringmap.problem.web;

import io.ringmap.problem.Problem;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one renderer of RFC 9457 problems, for every path that answers one: the Spring MVC advice, the web server's
 * valve and body-limit filter, the security entry point and access-denied handler, and the firewall. Members are
 * written in one order ({@code type}, {@code title}, {@code status}, {@code detail}, {@code instance}, then the
 * extension members as the problem lists them; null members are left out), strings are escaped by Jackson, and
 * {@code instance} is always {@link #instance(String)} of the request path.
 */
public final class ProblemRenderer {

    /** The media type of every problem body. */
    public static final MediaType PROBLEM_JSON = MediaType.APPLICATION_PROBLEM_JSON;

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private ProblemRenderer() {}

    /** The problem as its JSON members, in the order they are written. */
    public static Map<String, Object> members(Problem problem, String path) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", problem.kind().type().toString());
        body.put("title", problem.kind().title());
        body.put("status", problem.status());
        if (problem.detail() != null) {
            body.put("detail", problem.detail());
        }
        if (path != null) {
            body.put("instance", instance(path).toString());
        }
        problem.properties().forEach((name, value) -> {
            if (value != null) {
                body.put(name, value);
            }
        });
        return body;
    }

    /** The problem body as UTF-8 JSON; {@code path} is the request path (null when the request line was unreadable). */
    public static byte[] json(Problem problem, String path) {
        return JSON.writeValueAsBytes(members(problem, path));
    }

    /** The problem as a Spring MVC response (body already serialized, so no message converter can change it). */
    public static ResponseEntity<Object> entity(Problem problem, String path) {
        HttpHeaders headers = new HttpHeaders();
        problem.headers().forEach(headers::set);
        headers.setContentType(PROBLEM_JSON);
        return new ResponseEntity<>(json(problem, path), headers, HttpStatusCode.valueOf(problem.status()));
    }

    /**
     * Sets the status, the problem's headers, the content type and length on a servlet response and returns the
     * body, for callers that write it their own way (the valve writes through Tomcat's error reporter).
     */
    public static byte[] prepare(HttpServletResponse response, Problem problem, String path) {
        byte[] body = statusAndHeaders(response, problem, path);
        response.setContentLength(body.length);
        return body;
    }

    /**
     * Answers a servlet request with the problem, outside Spring MVC (filters, security handlers). No length is
     * declared: the container adds it when the answer completes. A declared length, once written, lets the response
     * count as complete before the web server's unread-body check can add {@code Connection: close}; the client then
     * kept a connection the server closed, and its next request on it got no answer.
     */
    public static void write(HttpServletResponse response, Problem problem, String path) throws IOException {
        response.getOutputStream().write(statusAndHeaders(response, problem, path));
    }

    private static byte[] statusAndHeaders(HttpServletResponse response, Problem problem, String path) {
        byte[] body = json(problem, path);
        response.setStatus(problem.status());
        problem.headers().forEach(response::setHeader);
        response.setContentType(PROBLEM_JSON.toString());
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        return body;
    }

    /**
     * The request path as a URI reference: as it is when it is one, else with every character that may not stand
     * there percent-encoded (and "//" at the start, which would read as an authority, as "/%2F"; a ':' as "%3A", which
     * could read as a scheme, e.g. the request target ":").
     */
    public static URI instance(String path) {
        try {
            if (!path.startsWith("//")) {
                return URI.create(path);
            }
        } catch (IllegalArgumentException e) {
            // quoted below
        }
        StringBuilder quoted = new StringBuilder();
        for (byte b : path.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            boolean plain = c >= 'a' && c <= 'z'
                    || c >= 'A' && c <= 'Z'
                    || c >= '0' && c <= '9'
                    || "-._~!$&'()*+,;=@/".indexOf(c) >= 0; // ':' quoted: before a '/' it would read as a scheme
            boolean secondSlash = c == '/' && quoted.length() == 1;
            quoted.append(plain && !secondSlash ? String.valueOf((char) c) : String.format("%%%02X", c));
        }
        return URI.create(quoted.toString());
    }
}
