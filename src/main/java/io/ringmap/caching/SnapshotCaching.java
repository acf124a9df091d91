package io.ringmap.caching;

import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.snapshot.SnapshotHolder;
import io.ringmap.snapshot.web.SnapshotAnswer;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Optional;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.http.server.ServletServerHttpResponse;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyAdvice;

/**
 * Conditional GETs for answers that depend on the served snapshot and the request's parameters only
 * ({@code GET /token}, {@code /replicas}, {@code /splits}, {@code /ring}, {@code /ranges}, {@code /ranges/node}): an {@code ETag}
 * from the content hash of the snapshot the answer itself was computed from ({@link SnapshotAnswer}; weak unless
 * {@code ringmap.caching.strong-etag}, see {@link CachingProperties}; the same on every instance serving the same
 * topology), {@code If-None-Match} answered with 304 before any routing work, and {@code Cache-Control} from
 * {@link CachingProperties}. The per-request {@code ageSeconds} and the instance's {@code createdAt} in the body are
 * metadata the tag does not cover. Problem answers carry no tag.
 * <p>The 304 compares with the snapshot served when the request arrives; the 200 is tagged with the body's own
 * snapshot, which a publication in between may have replaced: tagging that body with the newer snapshot would let a
 * client revalidate a body the tag does not describe (and a node flapping back to its earlier state returns the hash
 * to the earlier tag).
 */
@ControllerAdvice
public class SnapshotCaching implements HandlerInterceptor, ResponseBodyAdvice<Object> {

    /** The paths whose GET answers are tagged. */
    public static final String[] PATHS = {"/token", "/replicas", "/splits", "/ring", "/ranges", "/ranges/node"};

    /** Marks a request whose answer is tagged: a GET or HEAD on {@link #PATHS} in a service that holds snapshots. */
    private static final String TAGGED = SnapshotCaching.class.getName() + ".tagged";

    private final ObjectProvider<SnapshotHolder> snapshots;
    // resolved once: a provider lookup walks the bean factory's type index on every call (13 % of a GET's CPU)
    private volatile SnapshotHolder holder;
    private final String cacheControl;
    private final boolean strong;

    // a provider: web slice tests build their routing by hand and have no holder bean; then nothing is tagged
    public SnapshotCaching(ObjectProvider<SnapshotHolder> snapshots, ObjectProvider<CachingProperties> properties) {
        this.snapshots = snapshots;
        CachingProperties settings =
                properties.getIfAvailable(() -> new CachingProperties(java.time.Duration.ZERO, false));
        this.cacheControl = settings.cacheControl();
        this.strong = settings.strongEtag();
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (!"GET".equals(request.getMethod()) && !"HEAD".equals(request.getMethod())) {
            return true;
        }
        SnapshotHolder holder = holder();
        if (holder == null) {
            return true;
        }
        request.setAttribute(TAGGED, Boolean.TRUE);
        Optional<ServedSnapshot> served = holder.peek();
        if (served.isEmpty()) {
            return true; // the handler answers 503
        }
        String etag = tag(served.get().etag());
        if (matches(request.getHeader(HttpHeaders.IF_NONE_MATCH), etag)) {
            response.setStatus(HttpServletResponse.SC_NOT_MODIFIED);
            response.setHeader(HttpHeaders.ETAG, etag);
            response.setHeader(HttpHeaders.CACHE_CONTROL, cacheControl);
            return false;
        }
        return true;
    }

    /**
     * Tags the response of {@code answer} with its ETag and Cache-Control, for a request {@link #preHandle} marked:
     * the one rule for answers Spring MVC's converters write ({@link #beforeBodyWrite}) and those the single-key filter
     * writes itself.
     */
    public void tag(HttpServletRequest request, HttpServletResponse response, SnapshotAnswer answer) {
        if (request.getAttribute(TAGGED) != null) {
            response.setHeader(HttpHeaders.ETAG, etagOf(answer));
            response.setHeader(HttpHeaders.CACHE_CONTROL, cacheControl);
        }
    }

    /** The ETag of {@code answer}: its own snapshot's. */
    private String etagOf(SnapshotAnswer answer) {
        return tag(answer.snapshot().etag());
    }

    private String tag(String strongTag) {
        return strong ? strongTag : "W/" + strongTag;
    }

    private SnapshotHolder holder() {
        SnapshotHolder resolved = holder;
        if (resolved == null) {
            resolved = snapshots.getIfAvailable();
            holder = resolved;
        }
        return resolved;
    }

    /** RFC 9110 If-None-Match: {@code *} or a list of tags, compared weakly (a W/ prefix is ignored). */
    static boolean matches(String ifNoneMatch, String etag) {
        if (ifNoneMatch == null || ifNoneMatch.isBlank()) {
            return false;
        }
        for (String candidate : ifNoneMatch.split(",")) {
            String t = candidate.strip();
            if (t.equals("*")) {
                return true;
            }
            if (t.startsWith("W/")) {
                t = t.substring(2);
            }
            if (t.equals(etag.startsWith("W/") ? etag.substring(2) : etag)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean supports(MethodParameter returnType, Class<? extends HttpMessageConverter<?>> converterType) {
        return true;
    }

    @Override
    public Object beforeBodyWrite(
            Object body,
            MethodParameter returnType,
            MediaType contentType,
            Class<? extends HttpMessageConverter<?>> converterType,
            ServerHttpRequest request,
            ServerHttpResponse response) {
        if (body instanceof SnapshotAnswer answer
                && request instanceof ServletServerHttpRequest servletRequest
                && response instanceof ServletServerHttpResponse servletResponse) {
            tag(servletRequest.getServletRequest(), servletResponse.getServletResponse(), answer);
        }
        return body;
    }
}
