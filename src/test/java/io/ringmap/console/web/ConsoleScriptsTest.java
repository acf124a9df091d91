package io.ringmap.console.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.testsupport.SystemTool;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The console's mapping from API answers to charts (the pure modules of {@code static/console/js}) under its
 * JavaScript unit tests ({@code src/test/js/console/*.test.mjs}), run by Node's own test runner. The modules and tests
 * are copied with their relative paths into {@code target/console-js} beside a package.json declaring them ES modules
 * (the console's own files are served as they are, with no package file). Node comes from the PATH
 * ({@link SystemTool}: skipped naming what to install where it is missing, a failure on CI); building and running
 * ringmap need no Node.
 */
class ConsoleScriptsTest {

    private static final Path MODULES = Path.of("src", "main", "resources", "static", "console", "js");
    private static final Path TESTS = Path.of("src", "test", "js", "console");
    private static final Path WORK = Path.of("target", "console-js");

    @Test
    void chartMappingsPassTheirUnitTests() throws Exception {
        // given node, and the modules and their tests where node reads them as ES modules
        Path node = SystemTool.NODE.require();
        copy(MODULES);
        List<Path> tests = copy(TESTS).stream()
                .filter(p -> p.toString().endsWith(".test.mjs"))
                .toList();
        Files.writeString(WORK.resolve("package.json"), "{\"type\": \"module\", \"private\": true}\n");

        // when node's test runner runs every test file
        List<String> command = new ArrayList<>(List.of(node.toString(), "--test"));
        tests.forEach(t -> command.add(TESTS.resolve(t.getFileName()).toString()));
        Process process = new ProcessBuilder(command)
                .directory(WORK.toFile())
                .redirectErrorStream(true)
                .start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS))
                .as("node --test finished within 60 s")
                .isTrue();

        // then every test passed, and there were tests
        assertThat(process.exitValue()).as(output).isZero();
        assertThat(tests).hasSizeGreaterThanOrEqualTo(4);
        assertThat(output).contains("# fail 0").doesNotContain("# pass 0");
    }

    /** Copies a folder's files to the same relative path under WORK, returning the copies. */
    private static List<Path> copy(Path folder) throws IOException {
        Path target = Files.createDirectories(WORK.resolve(folder));
        List<Path> copies = new ArrayList<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                copies.add(Files.copy(file, target.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING));
            }
        }
        return copies;
    }
}
