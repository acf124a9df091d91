package io.ringmap.testcluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The request timeouts a spec asks for, in the yaml keys of each line. */
class NodeConfigWriterTest {

    static final NodeSpec NODE = NodeSpec.withTokens("127.0.0.9", "dc1", "rack1", "0");

    static String yaml(ClusterSpec spec) {
        return NodeConfigWriter.cassandraYaml(spec, NODE, NodeFiles.of(Path.of("target", "unused"), NODE));
    }

    static ClusterSpec spec(CassandraLine line) {
        return ClusterSpec.of("yaml", CassandraPartitioner.MURMUR3, List.of(NODE))
                .withLine(line);
    }

    @Test
    void aRequestTimeoutIsWrittenInTheKeysOfTheSpecsLine() {
        assertThat(yaml(spec(CassandraLine.V4_0).withRequestTimeout(Duration.ofSeconds(8))))
                .contains("\nread_request_timeout_in_ms: 8000\n", "\nwrite_request_timeout_in_ms: 8000\n")
                .doesNotContain("write_request_timeout:");
        for (CassandraLine line : List.of(CassandraLine.V4_1, CassandraLine.V5_0, CassandraLine.V6_0)) {
            assertThat(yaml(spec(line).withRequestTimeout(Duration.ofMillis(7500))))
                    .as(line.id())
                    .contains("\nread_request_timeout: 7500ms\n", "\nwrite_request_timeout: 7500ms\n")
                    .doesNotContain("_in_ms: 7500");
        }
    }

    @Test
    void withoutOneCassandrasDefaultsStand() {
        assertThat(yaml(spec(CassandraLine.V5_0))).doesNotContain("request_timeout");
        assertThat(spec(CassandraLine.V5_0)
                        .withRequestTimeout(Duration.ofSeconds(8))
                        .withHeap("256m", "384m"))
                .extracting(ClusterSpec::requestTimeout)
                .isEqualTo(Duration.ofSeconds(8));
        // every with... keeps what the others set
        ClusterSpec other = ClusterSpec.of("yaml", CassandraPartitioner.MURMUR3, List.of(NODE))
                .withRequestTimeout(Duration.ofSeconds(8))
                .withRingDelay(Duration.ofSeconds(1))
                .withLine(CassandraLine.V4_0)
                .withHeap("128m", "256m");
        assertThat(other.name()).isEqualTo("yaml-" + CassandraLine.V4_0.id());
        assertThat(other.line()).isEqualTo(CassandraLine.V4_0);
        assertThat(other.requestTimeout()).isEqualTo(Duration.ofSeconds(8));
        assertThat(other.ringDelay()).isEqualTo(Duration.ofSeconds(1));
        assertThat(other.heapMax()).isEqualTo("256m");
        assertThat(other.clusterName()).isEqualTo("ringmap-yaml");
    }

    @Test
    void aTimeoutOutsideOneMillisecondToAMinuteIsRefused() {
        assertThatThrownBy(() -> spec(CassandraLine.V5_0).withRequestTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("request timeout");
        assertThatThrownBy(() -> spec(CassandraLine.V5_0).withRequestTimeout(Duration.ofMinutes(2)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
