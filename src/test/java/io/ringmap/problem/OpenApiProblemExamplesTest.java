package io.ringmap.problem;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * Every problem example of the committed API document (openapi.yaml) is of a catalog kind, with the kind's title and
 * status: the examples are built from the catalog, and this catches a document generated before a kind changed.
 */
class OpenApiProblemExamplesTest {

    @Test
    void everyProblemExampleHasItsKindsTypeTitleAndStatus() throws IOException {
        LoaderOptions options = new LoaderOptions();
        options.setCodePointLimit(64 * 1024 * 1024);
        Object document = new Yaml(options).load(Files.readString(Path.of("openapi.yaml"), StandardCharsets.UTF_8));
        List<Map<?, ?>> examples = new ArrayList<>();
        collect(document, false, examples);

        assertThat(examples).as("problem examples in openapi.yaml").hasSizeGreaterThan(10);
        for (Map<?, ?> example : examples) {
            String type = String.valueOf(example.get("type"));
            assertThat(ProblemKind.ofType(type)).as("kind of %s", type).isPresent();
            ProblemKind kind = ProblemKind.ofType(type).orElseThrow();
            assertThat(example.get("title")).as(type).isEqualTo(kind.title());
            assertThat(example.get("status")).as(type).isEqualTo(kind.status());
        }
    }

    /** The example values under every {@code application/problem+json} media type. */
    private static void collect(Object node, boolean inProblemMedia, List<Map<?, ?>> out) {
        if (node instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                boolean problem = inProblemMedia || "application/problem+json".equals(e.getKey());
                if (problem && "examples".equals(e.getKey()) && e.getValue() instanceof Map<?, ?> named) {
                    named.values().forEach(ex -> out.add((Map<?, ?>) ((Map<?, ?>) ex).get("value")));
                } else {
                    collect(e.getValue(), problem, out);
                }
            }
        } else if (node instanceof List<?> list) {
            list.forEach(item -> collect(item, inProblemMedia, out));
        }
    }
}
