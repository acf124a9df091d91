package io.ringmap.problem.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.problem.Problem;
import io.ringmap.problem.ProblemKind;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.mock.web.MockHttpServletResponse;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class ProblemRendererTest {

    private static final JsonMapper JACKSON = JsonMapper.builder().build();

    /** Every control character, quotes, backslashes, line and paragraph separators, and characters beyond the BMP. */
    private static final String HOSTILE;

    static {
        StringBuilder s = new StringBuilder("a\"b\\c/d'e</script>");
        for (char c = 0; c < 0x20; c++) {
            s.append(c);
        }
        s.append('\u007f')
                .append('\u2028')
                .append('\u2029')
                .append("\ud83d\ude00")
                .append("\uD834\uDD1E")
                .append("é€")
                .append('\uFEFF');
        HOSTILE = s.toString();
    }

    @Test
    void writesWhatJacksonWritesForTheSameMembersWhateverTheClientSent() {
        Problem p = ProblemKind.MALFORMED_QUERY
                .problem("detail " + HOSTILE)
                .with("parameter", HOSTILE)
                .with("limit", 8192)
                .with("known", List.of(HOSTILE, "b"));

        byte[] rendered = ProblemRenderer.json(p, "/ring");

        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("type", "urn:ringmap:problem:malformed-query");
        expected.put("title", "Malformed query string");
        expected.put("status", 400);
        expected.put("detail", "detail " + HOSTILE);
        expected.put("instance", "/ring");
        expected.put("parameter", HOSTILE);
        expected.put("limit", 8192);
        expected.put("known", List.of(HOSTILE, "b"));
        assertThat(rendered).isEqualTo(JACKSON.writeValueAsBytes(expected));
        JsonNode back = JACKSON.readTree(rendered);
        assertThat(back.path("detail").asString()).isEqualTo("detail " + HOSTILE);
        assertThat(back.path("parameter").asString()).isEqualTo(HOSTILE);
        assertThat(back.path("known").get(0).asString()).isEqualTo(HOSTILE);
        // raw control characters never stand in the JSON text (RFC 8259 section 7)
        String text = new String(rendered, StandardCharsets.UTF_8);
        assertThat(text.chars().filter(c -> c < 0x20)).isEmpty();
        assertThat(text).contains("\\\"").contains("\\\\").contains("\\n").contains("\\u0000");
    }

    @Test
    void aLoneSurrogateStillGivesJsonAParserReadsBack() {
        // no UTF-8 decoder produces one, but a detail may be cut in the middle of a pair
        String cut = "x\ud83d";
        String cutLow = "\ude00y";

        byte[] rendered =
                ProblemRenderer.json(ProblemKind.MALFORMED_REQUEST.problem(cut).with("p", cutLow), "/r");

        JsonNode back = JACKSON.readTree(rendered);
        assertThat(back.path("detail").asString()).startsWith("x");
        assertThat(back.path("p").asString()).endsWith("y");
        assertThat(back.path("type").asString()).isEqualTo("urn:ringmap:problem:malformed-request");
    }

    @Test
    void writesTheMembersInOneOrderAndLeavesOutNullOnes() {
        Problem p = ProblemKind.UNSUPPORTED_MEDIA_TYPE
                .problem("a body without Content-Type is not accepted here")
                .with("contentType", null)
                .with("supported", List.of("application/json"));

        JsonNode json = JACKSON.readTree(ProblemRenderer.json(p, "/token"));

        List<String> names = new ArrayList<>(json.propertyNames());
        assertThat(names).containsExactly("type", "title", "status", "detail", "instance", "supported");
        assertThat(json.path("status").asInt()).isEqualTo(415);
        assertThat(json.path("title").asString()).isEqualTo("Unsupported media type");
    }

    @Test
    void leavesOutAnUnknownInstanceAndKeepsAnOverriddenStatus() {
        Problem p = ProblemKind.MALFORMED_REQUEST
                .problem("the request is not valid HTTP/1.1")
                .withStatus(411);

        JsonNode json = JACKSON.readTree(ProblemRenderer.json(p, null));

        assertThat(json.has("instance")).isFalse();
        assertThat(json.path("status").asInt()).isEqualTo(411);
        assertThat(json.path("type").asString()).isEqualTo("urn:ringmap:problem:malformed-request");
    }

    @Test
    void buildsTheInstanceFromThePathOneWay() {
        assertThat(ProblemRenderer.instance("/token")).hasToString("/token");
        assertThat(ProblemRenderer.instance("/token;a=1")).hasToString("/token;a=1");
        // "//ring" would read as an authority
        assertThat(ProblemRenderer.instance("//ring")).hasToString("/%2Fring");
        assertThat(ProblemRenderer.instance("/a b\"c%ZZ")).hasToString("/a%20b%22c%25ZZ");
        // java.net.URI takes non-ASCII characters as they are ("other" characters); quoted only beside a bad one
        assertThat(ProblemRenderer.instance("/é")).hasToString("/é");
        assertThat(ProblemRenderer.instance("/é%")).hasToString("/%C3%A9%25");
        // the fuzzed request target ":" is no URI reference (a scheme without a name): quoted, not a failure
        assertThat(ProblemRenderer.instance(":")).hasToString("%3A");
        assertThat(ProblemRenderer.instance("a:b c")).hasToString("a%3Ab%20c");
    }

    @Test
    void aServletAnswerCarriesTheStatusAndHeadersAndLeavesTheLengthToTheContainer() throws Exception {
        Problem p = ProblemKind.NO_SNAPSHOT
                .problem("no ring snapshot is available yet: starting")
                .withHeader("Retry-After", "5");
        MockHttpServletResponse response = new MockHttpServletResponse();

        ProblemRenderer.write(response, p, "/ring");

        assertThat(response.getStatus()).isEqualTo(503);
        assertThat(response.getHeader("Retry-After")).isEqualTo("5");
        assertThat(MediaType.parseMediaType(response.getContentType()))
                .satisfies(type -> assertThat(type.isCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                        .isTrue());
        assertThat(response.getContentAsByteArray()).isEqualTo(ProblemRenderer.json(p, "/ring"));
        // no declared length: the container adds it at the end, after the unread-body check (see write)
        assertThat(response.getHeader("Content-Length")).isNull();
    }

    @Test
    void aSpringMvcAnswerHasTheSameBytes() {
        Problem p = ProblemKind.UNKNOWN_KEYSPACE
                .problem("keyspace 'nope' is not in the ring snapshot")
                .with("keyspace", "nope");

        ResponseEntity<Object> entity = ProblemRenderer.entity(p, "/token");

        assertThat(entity.getStatusCode().value()).isEqualTo(404);
        assertThat(entity.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
        assertThat((byte[]) entity.getBody()).isEqualTo(ProblemRenderer.json(p, "/token"));
    }
}
