package io.ringmap.web.errors;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.problem.ProblemTypes;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class HttpProblemTest {

    @Test
    void writesJsonThatAParserReadsBackWhateverTheClientSent() {
        String nasty = "a\"b\\c\nd\u0000e\ud800f\ud83d\ude00g";
        HttpProblem p = new HttpProblem(400, ProblemTypes.MALFORMED_REQUEST, "Malformed request", "detail " + nasty)
                .with("limit", 8192).with("parameter", nasty);
        JsonNode json = JsonMapper.builder().build().readTree(p.toJson("/ring?" + nasty));
        assertThat(json.path("type").asString()).isEqualTo("urn:ringmap:problem:malformed-request");
        assertThat(json.path("status").asInt()).isEqualTo(400);
        assertThat(json.path("limit").asInt()).isEqualTo(8192);
        assertThat(json.path("detail").asString()).startsWith("detail a\"b\\c\nd\u0000e").endsWith("\ud83d\ude00g");
        assertThat(json.path("instance").asString()).startsWith("/ring?a");
        assertThat(p.toProblemDetail().getType()).isEqualTo(ProblemTypes.MALFORMED_REQUEST);
        assertThat(p.toProblemDetail().getProperties()).containsEntry("limit", 8192);
    }

    @Test
    void leavesOutAnUnknownInstance() {
        String json = new HttpProblem(414, ProblemTypes.URI_TOO_LONG, "URI too long", "d").toJson(null);
        assertThat(json).doesNotContain("instance");
    }
}
