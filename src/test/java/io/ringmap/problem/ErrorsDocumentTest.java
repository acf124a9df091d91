package io.ringmap.problem;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/errors.md's table of problem kinds is the catalog's ({@link ProblemKind}): one row per kind with its status,
 * type and title, and no type in the documents that the catalog lacks. When a kind is added or changed, regenerate
 * the table with {@code ./mvnw test -Dtest=ErrorsDocumentTest -Dringmap.errors.write=true} and commit it.
 */
class ErrorsDocumentTest {

    private static final Path FILE = Path.of("docs", "errors.md");
    static final String START =
            "<!-- problem kinds: generated from io.ringmap.problem.ProblemKind by ErrorsDocumentTest -->";
    static final String END = "<!-- end of problem kinds -->";
    private static final Pattern ROW =
            Pattern.compile("^\\| (\\d{3}) \\| `urn:ringmap:problem:([a-z0-9-]+)` \\| (.+?) \\| (.+) \\|$");
    private static final Pattern TYPE = Pattern.compile("urn:ringmap:problem:([a-z0-9-]+)");

    /** The table as the catalog gives it. */
    static String table() {
        StringBuilder out = new StringBuilder("| status | type | title | when |\n|---|---|---|---|\n");
        for (ProblemKind kind : ProblemKind.values()) {
            out.append("| ")
                    .append(kind.status())
                    .append(" | `")
                    .append(kind.type())
                    .append("` | ")
                    .append(kind.title())
                    .append(" | ")
                    .append(kind.when())
                    .append(" |\n");
        }
        return out.toString();
    }

    @Test
    void everyCatalogKindHasOneRowWithItsStatusAndTitle() throws IOException {
        if (Boolean.getBoolean("ringmap.errors.write")) {
            String doc = Files.readString(FILE, StandardCharsets.UTF_8);
            int start = doc.indexOf(START) + START.length();
            Files.writeString(
                    FILE,
                    doc.substring(0, start) + "\n" + table() + doc.substring(doc.indexOf(END)),
                    StandardCharsets.UTF_8);
        }
        Map<String, String[]> rows = new LinkedHashMap<>();
        List<String> repeated = new ArrayList<>();
        for (String line : generatedPart().split("\n")) {
            Matcher m = ROW.matcher(line);
            if (m.matches() && rows.put(m.group(2), new String[] {m.group(1), m.group(3)}) != null) {
                repeated.add(m.group(2));
            }
        }
        TreeSet<String> catalog = new TreeSet<>(
                Arrays.stream(ProblemKind.values()).map(ProblemKind::typeName).toList());
        TreeSet<String> missing = new TreeSet<>(catalog);
        missing.removeAll(rows.keySet());
        TreeSet<String> unknown = new TreeSet<>(rows.keySet());
        unknown.removeAll(catalog);

        assertThat(missing).as("catalog kinds without a row in " + FILE).isEmpty();
        assertThat(unknown)
                .as("rows in " + FILE + " of types the catalog lacks")
                .isEmpty();
        assertThat(repeated).as("types with more than one row").isEmpty();
        for (ProblemKind kind : ProblemKind.values()) {
            assertThat(rows.get(kind.typeName()))
                    .as(kind.typeName())
                    .containsExactly(Integer.toString(kind.status()), kind.title());
        }
        assertThat(generatedPart())
                .as(FILE + " is behind the catalog; regenerate it with " + "-Dringmap.errors.write=true")
                .isEqualTo("\n" + table());
    }

    @Test
    void noDocumentNamesATypeTheCatalogLacks() throws IOException {
        List<Path> documents = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> docs = Files.list(Path.of("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(documents::add);
        }
        List<String> unknown = new ArrayList<>();
        for (Path document : documents) {
            Matcher m = TYPE.matcher(Files.readString(document, StandardCharsets.UTF_8));
            while (m.find()) {
                if (ProblemKind.ofType(m.group()).isEmpty()) {
                    unknown.add(document + ": " + m.group());
                }
            }
        }
        assertThat(documents).contains(FILE);
        assertThat(unknown).isEmpty();
    }

    private static String generatedPart() throws IOException {
        String doc = Files.readString(FILE, StandardCharsets.UTF_8);
        assertThat(doc).as(FILE + " marks the generated table").contains(START).contains(END);
        return doc.substring(doc.indexOf(START) + START.length(), doc.indexOf(END));
    }
}
