package io.ringmap.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Every request README.md, docs/ and the chart's README show in a shell block runs as written against the bundled
 * sample: each {@code curl} command is run by a real shell and real curl (only the ports 8080 and 8081 are pointed at
 * this test's server), must answer 2xx (or the status its comment starts with, e.g. {@code # 304 Not Modified}), and
 * the answer must hold every field the output comment below it shows. A request that cannot run on the sample says
 * so in its comment ({@code # needs a live cluster}, {@code # needs caller authentication}) and is only counted.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "management.server.port=0")
class DocumentedRequestsTest {

    private static final Pattern FENCE = Pattern.compile("^\\s*```(sh|bash|shell|console)\\s*$");
    private static final Pattern FIELD = Pattern.compile("\"([A-Za-z_][A-Za-z0-9_]*)\"\\s*:");
    private static final Pattern STATUS = Pattern.compile("^#\\s*(\\d{3})\\b");
    private static final Pattern ASSIGNMENT = Pattern.compile("^[A-Za-z_][A-Za-z0-9_]*=\\$\\(.*\\)$", Pattern.DOTALL);
    private static final Set<String> SKIP_MARKERS = Set.of("needs a live cluster", "needs caller authentication");

    @LocalServerPort
    int port;

    @LocalManagementPort
    int managementPort;

    @TempDir
    Path work;

    /** One curl command of a document, where it stands, what it should answer and the fields its output shows. */
    record Request(
            String where, String setup, String command, int expectedStatus, boolean skipped, List<String> fields) {}

    @Test
    void everyDocumentedRequestRunsAsWritten() throws Exception {
        Assumptions.assumeTrue(
                onPath("curl") || "true".equals(System.getenv("CI")),
                "curl is not on the PATH: install curl to run the documented requests");
        List<Request> requests = new ArrayList<>();
        for (Path document : documents()) {
            requests.addAll(requestsIn(document));
        }
        assertThat(requests).as("documented requests found").hasSizeGreaterThan(30);
        List<String> failures = new ArrayList<>();
        for (Request request : requests) {
            if (request.skipped()) {
                continue;
            }
            String failure = run(request);
            if (failure != null) {
                failures.add(request.where() + ": " + request.command() + "\n    " + failure);
            }
        }
        assertThat(failures)
                .as("documented requests that did not answer as documented")
                .isEmpty();
        assertThat(requests.stream().filter(Request::skipped).count())
                .as("requests marked as needing more than the " + "sample")
                .isLessThan(requests.size() / 3);
    }

    @Test
    void readsCommandsOutputsAndMarkers() {
        List<Request> requests = requestsIn(
                "t.md",
                List.of(
                        "```sh",
                        "# a comment",
                        "curl 'localhost:8080/ring'    # 200 the ring",
                        "# {\"nodeCount\":4,\"nodes\":[{\"address\":\"127.0.0.1\",...}]}",
                        "curl -XPOST localhost:8080/token -H 'Content-Type: application/json' -d '{\"a\":",
                        "  1}'",
                        "curl -i 'localhost:8080/x' \\",
                        "  -H 'A: b'   # 304 Not Modified",
                        "curl localhost:8081/readyz; curl localhost:8081/livez",
                        "curl -f 'localhost:8080/y' && nodetool drain    # needs a live cluster",
                        "etag=$(curl -s -D - 'localhost:8080/z' | sed -n 's/^etag: //Ip')",
                        "curl -H \"If-None-Match: $etag\" 'localhost:8080/z'    # 304",
                        "```",
                        "curl 'localhost:8080/outside-a-block'"));
        assertThat(requests)
                .extracting(Request::command)
                .containsExactly(
                        "curl 'localhost:8080/ring'",
                        "curl -XPOST localhost:8080/token -H 'Content-Type: application/json' -d '{\"a\":\n  1}'",
                        "curl -i 'localhost:8080/x'  -H 'A: b'",
                        "curl localhost:8081/readyz",
                        "curl localhost:8081/livez",
                        "curl -f 'localhost:8080/y'",
                        "curl -H \"If-None-Match: $etag\" 'localhost:8080/z'");
        assertThat(requests.get(6).setup())
                .isEqualTo("etag=$(curl -s -D - 'localhost:8080/z' | sed -n " + "'s/^etag: //Ip')\n");
        assertThat(requests.get(6).expectedStatus()).isEqualTo(304);
        assertThat(requests.get(0).setup()).isEmpty();
        assertThat(requests.get(0).fields()).containsExactly("nodeCount", "nodes", "address");
        assertThat(requests.get(0).expectedStatus()).isEqualTo(200);
        assertThat(requests.get(2).expectedStatus()).isEqualTo(304);
        assertThat(requests.get(5).skipped()).isTrue();
        assertThat(requests.get(1).skipped()).isFalse();
    }

    private String run(Request request) throws IOException, InterruptedException {
        Path body = work.resolve("body");
        Files.deleteIfExists(body);
        String command = (request.setup()
                        + request.command()
                                .replaceFirst("^curl ", "curl -s --max-time 60 -o '" + body + "' -w '%{http_code}' "))
                .replace("localhost:8080", "localhost:" + port)
                .replace("127.0.0.1:8080", "127.0.0.1:" + port)
                .replace("localhost:8081", "localhost:" + managementPort)
                .replace("127.0.0.1:8081", "127.0.0.1:" + managementPort);
        Process process = new ProcessBuilder("bash", "-c", command)
                .redirectErrorStream(true)
                .start();
        if (!process.waitFor(90, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return "no answer in 90 s";
        }
        String printed = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        String answer = Files.exists(body) ? Files.readString(body, StandardCharsets.UTF_8) : "";
        int status;
        try {
            status = Integer.parseInt(printed.substring(Math.max(0, printed.length() - 3)));
        } catch (NumberFormatException e) {
            return "curl printed no status: " + printed;
        }
        boolean statusOk = request.expectedStatus() == 0 ? status / 100 == 2 : status == request.expectedStatus();
        if (!statusOk) {
            return "answered " + status + " (expected "
                    + (request.expectedStatus() == 0 ? "2xx" : request.expectedStatus()) + "): " + abbreviate(answer);
        }
        List<String> missing = request.fields().stream()
                .filter(f -> !answer.contains("\"" + f + "\""))
                .toList();
        return missing.isEmpty()
                ? null
                : "the answer lacks the fields the document shows " + missing + ": " + abbreviate(answer);
    }

    private static String abbreviate(String text) {
        String flat = text.replaceAll("\\s+", " ");
        return flat.length() > 400 ? flat.substring(0, 400) + "..." : flat;
    }

    private static List<Path> documents() throws IOException {
        List<Path> out = new ArrayList<>(List.of(Path.of("README.md"), Path.of("helm", "ringmap", "README.md")));
        try (Stream<Path> docs = Files.list(Path.of("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(out::add);
        }
        return out;
    }

    private static List<Request> requestsIn(Path document) throws IOException {
        return requestsIn(document.toString(), Files.readAllLines(document, StandardCharsets.UTF_8));
    }

    /** The curl commands of a document's shell blocks, with their expected status, markers and shown fields. */
    static List<Request> requestsIn(String name, List<String> lines) {
        List<Request> out = new ArrayList<>();
        boolean inBlock = false;
        List<Request> open = List.of(); // the last command's requests, which the output comments below belong to
        StringBuilder setup = new StringBuilder(); // the block's variable assignments (etag=$(curl ...)) so far
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (FENCE.matcher(line).matches() || inBlock && line.strip().equals("```")) {
                inBlock = !inBlock && FENCE.matcher(line).matches();
                open = List.of();
                setup.setLength(0);
                continue;
            }
            if (!inBlock) {
                continue;
            }
            String stripped = line.strip();
            if (stripped.startsWith("#")) {
                if (!open.isEmpty() && (stripped.matches("^#\\s*[\\[{\"].*") || stripped.matches("^#\\s+\".*"))) {
                    Matcher m = FIELD.matcher(stripped);
                    while (m.find()) {
                        for (Request r : open) {
                            r.fields().add(m.group(1));
                        }
                    }
                } else {
                    open = List.of();
                }
                continue;
            }
            int start = i;
            StringBuilder logical = new StringBuilder(line);
            while (i + 1 < lines.size() && (endsWithContinuation(logical) || !balanced(logical.toString()))) {
                if (endsWithContinuation(logical)) {
                    logical.setLength(logical.length() - 1);
                    logical.append(' ').append(lines.get(++i).strip());
                } else {
                    logical.append('\n').append(lines.get(++i));
                }
            }
            String command = logical.toString().strip();
            if (ASSIGNMENT.matcher(command).matches()) {
                setup.append(command).append('\n');
                open = List.of();
                continue;
            }
            open = parse(name + ":" + (start + 1), setup.toString(), command);
            out.addAll(open);
        }
        return out;
    }

    private static boolean endsWithContinuation(CharSequence s) {
        return s.length() > 0 && s.charAt(s.length() - 1) == '\\';
    }

    /** The curl parts of one shell line (split at top-level ;, && and ||), with the line's comment applied. */
    private static List<Request> parse(String where, String setup, String line) {
        List<String> parts = new ArrayList<>();
        String comment = "";
        StringBuilder current = new StringBuilder();
        char quote = 0;
        int depth = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
                current.append(c);
            } else if (c == '\'' || c == '"') {
                quote = c;
                current.append(c);
            } else if (c == '$' && i + 1 < line.length() && line.charAt(i + 1) == '(') {
                depth++;
                current.append(c);
            } else if (c == ')' && depth > 0) {
                depth--;
                current.append(c);
            } else if (depth == 0 && c == '#' && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
                comment = line.substring(i).strip();
                break;
            } else if (depth == 0 && (c == ';' || line.startsWith("&&", i) || line.startsWith("||", i))) {
                parts.add(current.toString().strip());
                current.setLength(0);
                if (c != ';') {
                    i++;
                }
            } else {
                current.append(c);
            }
        }
        parts.add(current.toString().strip());
        Matcher status = STATUS.matcher(comment);
        int expected = status.find() ? Integer.parseInt(status.group(1)) : 0;
        boolean skipped = SKIP_MARKERS.stream().anyMatch(comment::contains);
        List<Request> out = new ArrayList<>();
        for (String part : parts) {
            if (part.startsWith("curl ")) {
                out.add(new Request(where, setup, part, expected, skipped, new ArrayList<>()));
            }
        }
        return out;
    }

    /** Whether every quote of the text is closed (a JSON body may span lines inside one quoted argument). */
    private static boolean balanced(String text) {
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '#' && (i == 0 || Character.isWhitespace(text.charAt(i - 1)))) {
                return true; // a comment: quotes in it do not count
            }
        }
        return quote == 0;
    }

    private static boolean onPath(String tool) {
        String path = System.getenv("PATH");
        return path != null
                && Stream.of(path.split(java.io.File.pathSeparator))
                        .anyMatch(dir -> Files.isExecutable(Path.of(dir, tool)));
    }
}
