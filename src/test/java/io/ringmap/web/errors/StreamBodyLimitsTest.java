package io.ringmap.web.errors;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.config.StreamProperties;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.util.unit.DataSize;

/**
 * A streamed batch through the body limits: one body among the others for {@code ringmap.api.body-reads}, one of at
 * most {@code ringmap.api.streams.max-concurrent} streams, and not bounded by {@code ringmap.api.max-body-size}. A
 * request "in progress" is one whose filter chain has not returned: the next request is sent from inside it.
 */
class StreamBodyLimitsTest {

    private static final long MAX_BODY = 1024;

    private final List<String> passed = new ArrayList<>();

    private RequestBodyLimitFilter filter(int maxBodies, int maxStreams) {
        return new RequestBodyLimitFilter(
                MAX_BODY,
                new BodyReadProperties(Duration.ofSeconds(5), maxBodies),
                new StreamProperties(1000, Duration.ofMinutes(1), DataSize.ofKilobytes(64), maxStreams),
                Clock.systemUTC(),
                new ClientErrorLog(Clock.systemUTC(), 20, Duration.ofMinutes(1)));
    }

    private static MockHttpServletRequest post(String contentType, long length) {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/replicas/stream");
        request.setContentType(contentType);
        request.setContent(new byte[(int) length]); // its Content-Length
        return request;
    }

    /** Sends {@code request} through the filter; {@code inside} runs while it is in progress. */
    private MockHttpServletResponse send(
            RequestBodyLimitFilter filter, MockHttpServletRequest request, String name, FilterChain inside)
            throws IOException, ServletException {
        MockHttpServletResponse response = new MockHttpServletResponse();
        filter.doFilter(request, response, (req, res) -> {
            passed.add(name);
            if (inside != null) {
                inside.doFilter(req, res);
            }
        });
        return response;
    }

    @Test
    void aStreamCountsAgainstTheBodyReadsLikeAnyBody() throws Exception {
        // given one body read allowed, and a JSON body in progress
        RequestBodyLimitFilter filter = filter(1, 2);
        List<MockHttpServletResponse> inner = new ArrayList<>();
        send(
                filter,
                post("application/json", 10),
                "json",
                (req, res) -> inner.add(send(filter, post("application/x-ndjson", 10), "stream", null)));
        // then a stream beside it is refused without being read
        assertThat(passed).containsExactly("json");
        assertThat(inner.get(0).getStatus()).isEqualTo(503);
        assertThat(inner.get(0).getContentAsString())
                .contains("urn:ringmap:problem:body-reads-busy", "ringmap.api.body-reads.max-concurrent");
    }

    @Test
    void streamsBeyondTheirOwnBoundAreRefusedWhileOtherBodiesAreRead() throws Exception {
        // given one stream allowed, and a stream in progress
        RequestBodyLimitFilter filter = filter(10, 1);
        List<MockHttpServletResponse> inner = new ArrayList<>();
        send(filter, post("text/csv", 10), "stream", (req, res) -> {
            inner.add(send(filter, post("application/x-ndjson", 10), "second stream", null));
            inner.add(send(filter, post("application/json", 10), "json", null));
        });
        // then a second stream is refused, naming the streams' bound, and a JSON body is read
        assertThat(passed).containsExactly("stream", "json");
        assertThat(inner.get(0).getStatus()).isEqualTo(503);
        assertThat(inner.get(0).getHeader("Retry-After")).isEqualTo("1");
        assertThat(inner.get(0).getContentAsString())
                .contains("more than 1 streamed batches are in progress", "ringmap.api.streams.max-concurrent");
        assertThat(inner.get(1).getStatus()).isEqualTo(200);
        // and once the first stream ended, the next one is read
        send(filter, post("application/x-ndjson", 10), "next stream", null);
        assertThat(passed).endsWith("next stream");
    }

    @Test
    void aStreamIsNotBoundedByTheBodySize() throws Exception {
        RequestBodyLimitFilter filter = filter(10, 2);
        MockHttpServletResponse stream =
                send(filter, post("application/x-ndjson; charset=utf-8", 10 * MAX_BODY), "stream", null);
        MockHttpServletResponse json = send(filter, post("application/json", 10 * MAX_BODY), "json", null);
        assertThat(stream.getStatus()).isEqualTo(200);
        assertThat(json.getStatus()).isEqualTo(413);
        assertThat(passed).containsExactly("stream");
    }
}
