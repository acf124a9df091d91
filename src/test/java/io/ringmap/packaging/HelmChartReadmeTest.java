package io.ringmap.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * helm/ringmap/README.md lists every value of values.yaml from its {@code # --} comments, and stays current:
 * {@code ./mvnw -B -q test -Dtest=HelmChartReadmeTest -Dringmap.chart-readme.write=true} rewrites the table.
 */
class HelmChartReadmeTest {

    private static final Path VALUES = HelmChart.CHART.resolve("values.yaml");
    private static final Path README = HelmChart.CHART.resolve("README.md");
    private static final String START = "<!-- values:start (generated from values.yaml by HelmChartReadmeTest) -->\n";
    private static final String END = "<!-- values:end -->";

    @Test
    void everyValueCarriesADescription() throws IOException {
        ChartValuesDoc doc = new ChartValuesDoc(Files.readString(VALUES));

        assertThat(doc.undocumented()).as("values without a `# --` comment").isEmpty();
        assertThat(doc.values())
                .hasSizeGreaterThan(100)
                .allSatisfy(v -> assertThat(v.description()).isNotBlank());
    }

    @Test
    void readmeListsEveryValueAsValuesYamlHasIt() throws IOException {
        String table = new ChartValuesDoc(Files.readString(VALUES)).markdownTable();
        String readme = Files.readString(README);
        int start = readme.indexOf(START);
        int end = readme.indexOf(END);
        assertThat(start).as("README.md has the values markers").isNotNegative();
        assertThat(end).isGreaterThan(start);
        String expected = readme.substring(0, start + START.length()) + table + readme.substring(end);

        if (Boolean.getBoolean("ringmap.chart-readme.write")) {
            Files.writeString(README, expected);
            readme = expected;
        }

        assertThat(readme)
                .as("helm/ringmap/README.md is behind values.yaml; rewrite it with "
                        + "-Dringmap.chart-readme.write=true")
                .isEqualTo(expected);
    }

    @Test
    void aValueWithoutDescriptionIsFound() {
        ChartValuesDoc doc = new ChartValuesDoc("""
                # -- documented
                a: 1
                b:
                  # -- documented too
                  c: x
                  d: []
                # -- a documented map covers its children
                e:
                  f: 1
                """);

        assertThat(doc.undocumented()).containsExactly("b.d");
        assertThat(doc.values()).extracting(ChartValuesDoc.Value::path).containsExactly("a", "b.c", "e");
        assertThat(doc.markdownTable())
                .contains("| `e` | object | `{\"f\":1}` | a documented map covers its children |");
    }
}
