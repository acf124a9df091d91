package io.ringmap.peers.web;

import io.ringmap.peers.PeerRefused;
import io.ringmap.peers.PeerSigner;
import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.web.ProblemRenderer;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.ContentCachingResponseWrapper;

/**
 * The peer channel's own authentication on the management port: a request to the peer endpoint is served only when
 * it is signed with the deployment's secret ({@link PeerSigner}: 401 {@code unauthorized} otherwise, naming what is
 * wrong), and its answer is signed for the asker's nonce. Independent of {@code ringmap.security.mode}: callers'
 * credentials, whatever their scopes, do not open this endpoint, and the peer secret opens nothing else.
 */
public final class PeerAuthenticationFilter extends OncePerRequestFilter {

    private final PeerSigner signer;
    private final String path;

    /** @param path the peer endpoint's path ({@code /actuator/peer}); its sub-paths are covered too */
    public PeerAuthenticationFilter(PeerSigner signer, String path) {
        this.signer = signer;
        this.path = path;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String uri = request.getRequestURI();
        return !(uri.equals(path) || uri.startsWith(path + "/"));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String target =
                request.getRequestURI() + (request.getQueryString() == null ? "" : "?" + request.getQueryString());
        String nonce = request.getHeader(PeerSigner.NONCE);
        try {
            signer.verifyRequest(
                    request.getMethod(),
                    target,
                    request.getHeader(PeerSigner.INSTANCE),
                    request.getHeader(PeerSigner.TIME),
                    nonce,
                    request.getHeader(PeerSigner.SIGNATURE));
        } catch (PeerRefused e) {
            ProblemRenderer.write(
                    response,
                    ProblemKind.UNAUTHORIZED
                            .problem("the peer endpoint answers instances " + "of this deployment only: "
                                    + e.getMessage())
                            .withHeader(HttpHeaders.WWW_AUTHENTICATE, "RingmapPeer"),
                    request.getRequestURI());
            return;
        }
        ContentCachingResponseWrapper answer = new ContentCachingResponseWrapper(response);
        chain.doFilter(request, answer);
        answer.setHeader(PeerSigner.INSTANCE, signer.self().value());
        answer.setHeader(
                PeerSigner.SIGNATURE, signer.signAnswer(nonce, answer.getStatus(), answer.getContentAsByteArray()));
        answer.copyBodyToResponse();
    }
}
