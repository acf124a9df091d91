package io.ringmap.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class StaticTopologyParserTest {

    private static String resource(String path) throws IOException {
        try (var in = StaticTopologyParserTest.class.getResourceAsStream(path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void readsTheBundledReferenceTopology() throws IOException {
        TopologyModel model = StaticTopologyParser.parse(resource("/topology/default.yaml"), "default.yaml");
        assertThat(model.partitioner()).isEqualTo("Murmur3Partitioner");
        assertThat(model.nodes())
                .extracting(n -> n.node().address())
                .containsExactly("127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4");
        assertThat(model.nodes().get(3).tokens()).containsExactly("9223372036854775807");
        assertThat(model.replication().get("iot_multi_dc"))
                .containsEntry("dc1", "2")
                .containsEntry("dc2", "2");
        assertThat(model.tables()).hasSize(2);
        assertThat(model.tables().get(0).columnNames()).containsExactly("sensor_id", "day");
    }

    @Test
    void readsFlowTokenListsLikeSnakeYamlDoes() {
        // given the same nodes with tokens as flow lists (plain, quoted, negative, hex), a block list, and a flow
        // list holding a comment (left to SnakeYAML)
        String yaml = """
                partitioner: Murmur3Partitioner
                nodes:
                  - {address: 10.0.0.1, datacenter: dc1, rack: r1, tokens: [-9223372036854775807, 5, "17"]}
                  - address: 10.0.0.2
                    datacenter: dc1
                    rack: r1
                    tokens: ['-3',   42 ,6d]
                  - address: 10.0.0.3
                    datacenter: dc1
                    rack: r1
                    tokens:
                      - 100
                      - "101"
                  - {address: 10.0.0.4, datacenter: dc1, rack: r1, tokens: [200, # a comment
                      201]}
                """;
        // when
        TopologyModel model = StaticTopologyParser.parse(yaml, "t.yaml");
        // then
        assertThat(model.nodes().get(0).tokens()).containsExactly("-9223372036854775807", "5", "17");
        assertThat(model.nodes().get(1).tokens()).containsExactly("-3", "42", "6d");
        assertThat(model.nodes().get(2).tokens()).containsExactly("100", "101");
        assertThat(model.nodes().get(3).tokens()).containsExactly("200", "201");
        java.util.List<java.util.List<String>> extracted = new java.util.ArrayList<>();
        StaticTopologyParser.extractFlowTokens(yaml, extracted);
        assertThat(extracted).hasSize(2);
    }

    @Test
    void namesTheOffendingEntry() {
        assertThatThrownBy(() -> StaticTopologyParser.parse(
                        "partitioner: Murmur3Partitioner\nnodes:\n"
                                + "  - {address: 10.0.0.1, datacenter: dc1, tokens: [\"1\"]}\n",
                        "t.yaml"))
                .hasMessageContaining("t.yaml: nodes[0].rack is required");
        assertThatThrownBy(() -> StaticTopologyParser.parse("partitioner: Murmur3Partitioner\nnodes: []\n", "t.yaml"))
                .hasMessageContaining("'nodes' must be a non-empty list");
        assertThatThrownBy(() -> StaticTopologyParser.parse(
                        "partitioner: Murmur3Partitioner\nnodes:\n"
                                + "  - {address: a, datacenter: d, rack: r, tokens: [\"1\"]}\nkeyspaces:\n  k:\n"
                                + "    replication: {class: SimpleStrategy, replication_factor: 1}\n    tables:\n      t:\n"
                                + "        partitionKey: [{name: c, type: wibble}]\n",
                        "t.yaml"))
                .hasMessageContaining("keyspaces.k.tables.t.partitionKey[0]")
                .hasMessageContaining("wibble");
    }

    @Test
    void readsAThousandNodeVnodeTopology() {
        StringBuilder yaml = new StringBuilder("partitioner: Murmur3Partitioner\nnodes:\n");
        java.util.SplittableRandom random = new java.util.SplittableRandom(1);
        for (int n = 0; n < 1000; n++) {
            yaml.append("  - {address: 10.0.")
                    .append(n / 250)
                    .append('.')
                    .append(n % 250)
                    .append(", datacenter: dc1, rack: r1, tokens: [");
            for (int v = 0; v < 256; v++) {
                yaml.append(v == 0 ? "" : ", ")
                        .append('"')
                        .append(random.nextLong())
                        .append('"');
            }
            yaml.append("]}\n");
        }
        assertThat(yaml.length()).isGreaterThan(3 * 1024 * 1024);
        TopologyModel model = StaticTopologyParser.parse(yaml.toString(), "big.yaml");
        assertThat(model.nodes()).hasSize(1000);
        assertThat(model.nodes().get(999).tokens()).hasSize(256);
    }
}
