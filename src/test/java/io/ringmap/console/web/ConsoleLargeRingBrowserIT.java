package io.ringmap.console.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.testcluster.TimeBudget;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The ring view on a static topology of 1000 nodes of 256 tokens (two DCs of three racks, RF 3 in each), written by
 * the test: one sector per node (never a marker per token), the picked node's 256 primary ranges drawn, the
 * ownership chart zoomed to the first nodes, nothing logged by the browser. The times from opening the view to the
 * nodes drawn and to the picked node's ranges drawn are left in target/console/large-ring.txt (docs/performance.md,
 * "Console").
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "management.server.port=0")
// closed with the class: a cached context would hold its 256,000-token ring for the rest of the run
@DirtiesContext
@TimeBudget(seconds = 20)
class ConsoleLargeRingBrowserIT extends ConsoleBrowserTest {

    static final int NODES = 1000;
    static final int TOKENS = 256;

    @DynamicPropertySource
    static void topology(DynamicPropertyRegistry registry) {
        registry.add(
                "ringmap.topology.file",
                () -> "file:"
                        + write(Path.of("target", "console", "ring-1000x256.yaml"))
                                .toAbsolutePath());
    }

    /** 1000 nodes of 256 distinct random tokens (seed 42), as scripts/bench_topology.py writes its benchmark ring. */
    static Path write(Path file) {
        SplittableRandom random = new SplittableRandom(42);
        Set<Long> used = new HashSet<>();
        StringBuilder yaml = new StringBuilder("cluster: console-1000x256\npartitioner: Murmur3Partitioner\nnodes:\n");
        for (int n = 0; n < NODES; n++) {
            StringJoiner tokens = new StringJoiner(", ", "[", "]");
            for (int t = 0; t < TOKENS; ) {
                long token = random.nextLong();
                if (token != Long.MIN_VALUE && used.add(token)) {
                    tokens.add(Long.toString(token));
                    t++;
                }
            }
            yaml.append("  - {address: 10.")
                    .append(n / 250)
                    .append('.')
                    .append(n % 250)
                    .append(".1, hostId: n")
                    .append(n)
                    .append(", datacenter: dc")
                    .append(n % 2 + 1)
                    .append(", rack: rack")
                    .append(n / 2 % 3)
                    .append(", tokens: ")
                    .append(tokens)
                    .append("}\n");
        }
        yaml.append("keyspaces:\n  iot:\n    replication: {class: NetworkTopologyStrategy, dc1: '3', dc2: '3'}\n")
                .append("    tables:\n      readings:\n")
                .append("        partitionKey: [{name: sensor_id, type: text}, {name: day, type: date}]\n");
        try {
            Files.createDirectories(file.getParent());
            return Files.writeString(file, yaml);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void drawsOneSectorPerNodeAndThePickedNodesRanges() throws Exception {
        // when the ring view opens on the 256,000-token ring
        browser.open("/console/#ring");
        browser.settle();

        // then the donut has one sector per node, in two DCs of three racks
        assertThat(browser.drawn("ring-chart")).isTrue();
        @SuppressWarnings("unchecked")
        List<Object> leaves = (List<Object>) browser.script("return echarts.getInstanceByDom("
                + "document.getElementById('ring-chart')).getOption().series[0].data"
                + ".flatMap(dc => dc.children.flatMap(r => r.children)).map(n => n.address)");
        assertThat(leaves).hasSize(NODES).doesNotHaveDuplicates();
        // and the picked node's 256 primary ranges (and its replica ranges) on the token ring
        WebElement ring = browser.driver.findElement(By.id("ring-chart"));
        assertThat(ring.getDomAttribute("data-primary")).isEqualTo(String.valueOf(TOKENS));
        assertThat(Integer.parseInt(ring.getDomAttribute("data-replica"))).isGreaterThan(TOKENS);
        // the ownership chart shows the first 24 nodes with a slider for the others
        assertThat(browser.option("ownership-chart", "dataZoom[0].endValue")).isEqualTo(23L);
        assertThat(browser.driver.findElements(By.cssSelector("#ring-nodes tr")))
                .hasSize(NODES + 1);
        browser.screenshot("large-ring");
        Files.writeString(
                Path.of("target", "console", "large-ring.txt"),
                "ring view of " + NODES + " x " + TOKENS
                        + ": nodes drawn " + ring.getDomAttribute("data-render-ms")
                        + " ms after the view opened, the picked "
                        + "node's ranges " + ring.getDomAttribute("data-ranges-ms") + " ms after\n");

        assertThat(browser.consoleProblems())
                .filteredOn(m -> !m.contains("status of 409") || !(m.contains("/load?") || m.contains("source=")))
                .isEmpty();
    }
}
