package io.ringmap.streams.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.config.StreamFormat;
import io.ringmap.problem.ProblemKind;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.routing.KeyRoute;
import io.ringmap.routing.KeyRouter;
import io.ringmap.routing.RoutingService;
import io.ringmap.streams.service.StreamRequest;
import io.ringmap.web.WebTestSupport;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonEncoding;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;

/**
 * The NDJSON answers are the bytes Jackson's generator writes for the same values, whatever the key's text: plain
 * ASCII copied as it is, and every string that needs an escape or is not ASCII (quotes, backslashes, slashes, control
 * characters, DEL, accents, U+2028, surrogate pairs, values near a key's 64 KB bound that fill the buffer) encoded as Jackson encodes it.
 */
class NdjsonAnswersTest {

    private static final JsonFactory JSON =
            JsonFactory.builder().rootValueSeparator((String) null).build();
    private static final String PATH = "/replicas/stream";
    /** Line numbers at every length and sign the digits are written for (the tokens are random longs). */
    private static final long[] NUMBERS = {
        0,
        1,
        9,
        10,
        11,
        99,
        100,
        101,
        999,
        1000,
        12_345,
        1_000_000_007L,
        Long.MAX_VALUE,
        Long.MIN_VALUE,
        -1,
        -9,
        -10,
        -99,
        -100,
        -101,
        Long.MIN_VALUE + 1
    };

    private final RoutingService routing =
            WebTestSupport.routing(WebTestSupport.ringFrom("/topology/default.yaml"), 10_000);

    @Test
    void everyAnswerIsJacksonsBytesForItsValues() throws Exception {
        List<String> values = new ArrayList<>(List.of(
                "sensor-17",
                "",
                "a\"quote",
                "back\\slash",
                "a/b",
                "tab\there",
                "nl\nand\rcr",
                "\u0000\u001f\u007f",
                "Zürich",
                "line\u2028sep",
                "emoji \uD83D\uDE00",
                "x".repeat(65_000),
                "é".repeat(32_000),
                "y".repeat(65_000)));
        Random random = new Random(39);
        for (int i = 0; i < 200; i++) {
            StringBuilder s = new StringBuilder();
            for (int c = random.nextInt(12); c > 0; c--) {
                s.append((char) (random.nextBoolean() ? 0x20 + random.nextInt(0x60) : random.nextInt(0x3000)));
            }
            values.add(s.toString());
        }
        for (boolean replicas : new boolean[] {false, true}) {
            for (boolean compact : new boolean[] {false, true}) {
                for (String dc : new String[] {null, "dc2"}) {
                    StreamRequest request =
                            new StreamRequest("iot", "readings", replicas, dc, compact, false, StreamFormat.NDJSON);
                    assertThat(written(request, values))
                            .as("replicas=%s compact=%s dc=%s", replicas, compact, dc)
                            .isEqualTo(reference(request, values));
                }
            }
        }
    }

    private static long line(int i) {
        return i < NUMBERS.length ? NUMBERS[i] : i + 1;
    }

    /** The answers of {@link NdjsonAnswers}: a key a value, every fifth line a problem instead. */
    private byte[] written(StreamRequest request, List<String> values) throws Exception {
        KeyRouter router = routing.router("iot", "readings", request.replicas());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        NdjsonAnswers answers = new NdjsonAnswers(out, request, PATH);
        answers.start(router);
        for (int i = 0; i < values.size(); i++) {
            if (i % 5 == 4) {
                answers.problem(line(i), ProblemKind.INVALID_PARAMETER.problem("bad " + values.get(i)));
            } else {
                answers.answer(line(i), router.route(Map.of("sensor_id", values.get(i), "day", "2026-10-01")));
            }
            if (i % 7 == 0) {
                answers.flush();
            }
        }
        answers.end();
        return out.toByteArray();
    }

    /** The same answers written by Jackson's generator, value by value (how they were written before). */
    private byte[] reference(StreamRequest request, List<String> values) throws Exception {
        KeyRouter router = routing.router("iot", "readings", request.replicas());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<ReplicaSet> seen = new ArrayList<>();
        try (JsonGenerator gen = JSON.createGenerator(ObjectWriteContext.empty(), out, JsonEncoding.UTF8)) {
            for (int i = 0; i < values.size(); i++) {
                gen.writeStartObject();
                gen.writeName("line");
                gen.writeNumber(line(i));
                if (i % 5 == 4) {
                    gen.writeName("problem");
                    gen.writeRawValue(new String(
                            io.ringmap.problem.web.ProblemRenderer.json(
                                    ProblemKind.INVALID_PARAMETER.problem("bad " + values.get(i)), PATH),
                            StandardCharsets.UTF_8));
                    gen.writeEndObject();
                    gen.writeRaw('\n');
                    continue;
                }
                KeyRoute route = router.route(Map.of("sensor_id", values.get(i), "day", "2026-10-01"));
                if (!request.compact()) {
                    gen.writeName("key");
                    gen.writeStartObject();
                    gen.writeName("sensor_id");
                    gen.writeString(route.key().canonicalComponents().get(0));
                    gen.writeName("day");
                    gen.writeString(route.key().canonicalComponents().get(1));
                    gen.writeEndObject();
                }
                gen.writeName("token");
                gen.writeString(route.token().toString());
                if (request.replicas()) {
                    ReplicaSet set = route.replicas().replicas();
                    int index = seen.indexOf(set);
                    if (request.compact()) {
                        gen.writeName("replicaSet");
                        gen.writeNumber(index < 0 ? seen.size() : index);
                    }
                    if (!request.compact() || index < 0) {
                        if (index < 0) {
                            seen.add(set);
                        }
                        gen.writeName("replicas");
                        gen.writeStartArray();
                        for (int p = 0; p < set.size(); p++) {
                            var node = router.snapshot().tokenRing().nodes().get(set.node(p));
                            if (request.dc() == null || request.dc().equals(node.datacenter())) {
                                gen.writeString(node.address());
                            }
                        }
                        gen.writeEndArray();
                    }
                }
                gen.writeEndObject();
                gen.writeRaw('\n');
            }
        }
        return out.toByteArray();
    }
}
