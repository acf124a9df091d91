package io.ringmap.metrics;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs src/test/grafana/validate.mjs (node, with the @grafana/schema pinned in package-lock.json) on dashboard
 * files. Installs the node packages into target/grafana-validate with `npm ci` when they are missing; any failure to
 * install or run is an error, never a skip.
 */
final class GrafanaDashboardValidator {

    private static final Path SOURCES = Path.of("src", "test", "grafana");
    private static final Path WORK = Path.of("target", "grafana-validate");
    private static final List<String> FILES = List.of("package.json", "package-lock.json", ".npmrc", "validate.mjs");

    /** Exit code and combined output of validate.mjs. */
    record Result(int exitCode, String output) {
    }

    private GrafanaDashboardValidator() {
    }

    static synchronized Result validate(List<Path> dashboards) throws IOException, InterruptedException {
        install();
        List<String> command = new ArrayList<>(List.of("node", "validate.mjs"));
        dashboards.forEach(d -> command.add(d.toAbsolutePath().toString()));
        return run(command, 180);
    }

    private static void install() throws IOException, InterruptedException {
        Files.createDirectories(WORK);
        boolean changed = false;
        for (String file : FILES) {
            Path source = SOURCES.resolve(file);
            Path target = WORK.resolve(file);
            if (!Files.exists(target) || Files.mismatch(source, target) != -1) {
                Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
                changed |= !file.equals("validate.mjs");
            }
        }
        if (changed || !Files.isDirectory(WORK.resolve("node_modules").resolve("@grafana").resolve("schema"))) {
            Result npm = run(List.of("npm", "ci", "--no-audit", "--no-fund"), 600);
            if (npm.exitCode() != 0) {
                throw new AssertionError("npm ci failed in " + WORK + " (exit " + npm.exitCode() + "):\n" + npm.output());
            }
        }
    }

    private static Result run(List<String> command, long timeoutSeconds) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(WORK.toFile()).redirectErrorStream(true).start();
        process.getOutputStream().close();
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not finish in " + timeoutSeconds + " s");
        }
        return new Result(process.exitValue(), new String(output, StandardCharsets.UTF_8));
    }
}
