package io.ringmap.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.testsupport.TestHttp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code openapi.yaml} at the repository root is identical in content to {@code /v3/api-docs}. After an API change,
 * regenerate it with {@code ./mvnw test -Dtest=OpenApiDocumentTest -Dringmap.openapi.write=true} and commit it.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "management.server.port=0")
class OpenApiDocumentTest {

    private static final Path FILE = Path.of("openapi.yaml");

    @LocalServerPort
    int port;

    @Test
    @SuppressWarnings("unchecked")
    void committedDocumentMatchesTheServedOne() throws IOException {
        String json =
                TestHttp.getAt("http://127.0.0.1:" + port + "/v3/api-docs").body();
        Map<String, Object> served = JsonMapper.builder().build().readValue(json, Map.class);
        if (Boolean.getBoolean("ringmap.openapi.write")) {
            DumperOptions options = new DumperOptions();
            options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
            options.setWidth(120);
            Files.writeString(
                    FILE,
                    "# Generated from /v3/api-docs: ./mvnw test -Dtest=OpenApiDocumentTest "
                            + "-Dringmap.openapi.write=true\n" + new Yaml(options).dump(served),
                    StandardCharsets.UTF_8);
        }
        assertThat(FILE).as("openapi.yaml at the repository root").exists();
        Object committed =
                new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(FILE, StandardCharsets.UTF_8));
        // compare as JSON trees, so number types and key order do not matter
        JsonMapper mapper = JsonMapper.builder().build();
        tools.jackson.databind.JsonNode committedTree = mapper.valueToTree(committed);
        tools.jackson.databind.JsonNode servedTree = mapper.valueToTree(served);
        assertThat((Object) committedTree)
                .as("openapi.yaml drifted from /v3/api-docs; regenerate it " + "with -Dringmap.openapi.write=true")
                .isEqualTo(servedTree);
    }
}
