package io.ringmap.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A test tree's {@code validate.mjs} run by node on files, with the npm packages its package-lock.json pins: the
 * script and its package files are copied from {@code src/test/<name>} into {@code target/<name>-validate}, where
 * {@code npm ci} installs the packages when they are missing or the package files changed. node and npm come from the
 * PATH ({@link SystemTool}: absent, the test is skipped naming what to install, or fails on CI); any failure to install
 * or run is an error, never a skip.
 */
public final class NodeScript {

    private static final List<String> FILES = List.of("package.json", "package-lock.json", ".npmrc", "validate.mjs");

    /** Exit code and combined output of validate.mjs. */
    public record Result(int exitCode, String output) {}

    private final Path sources;
    private final Path work;
    private final Path installedPackage;
    private final long timeoutSeconds;

    /**
     * @param name             the folder under src/test holding validate.mjs and its package files
     * @param installedPackage a package under node_modules whose absence means npm ci must run
     * @param timeoutSeconds   how long one validation may take
     */
    public NodeScript(String name, String installedPackage, long timeoutSeconds) {
        this.sources = Path.of("src", "test", name);
        this.work = Path.of("target", name + "-validate");
        this.installedPackage = Path.of("node_modules", installedPackage.split("/"));
        this.timeoutSeconds = timeoutSeconds;
    }

    /** Runs validate.mjs on the files (absolute paths), installing its packages first where needed. */
    public synchronized Result validate(List<Path> files) throws IOException, InterruptedException {
        Path node = SystemTool.NODE.require();
        install();
        List<String> command = new ArrayList<>(List.of(node.toString(), "validate.mjs"));
        files.forEach(f -> command.add(f.toAbsolutePath().toString()));
        return run(command, timeoutSeconds);
    }

    private void install() throws IOException, InterruptedException {
        Files.createDirectories(work);
        boolean changed = false;
        for (String file : FILES) {
            Path source = sources.resolve(file);
            Path target = work.resolve(file);
            if (!Files.exists(target) || Files.mismatch(source, target) != -1) {
                Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
                changed |= !file.equals("validate.mjs");
            }
        }
        if (changed || !Files.isDirectory(work.resolve(installedPackage))) {
            Result npm = run(List.of(SystemTool.NPM.require().toString(), "ci", "--no-audit", "--no-fund"), 600);
            if (npm.exitCode() != 0) {
                throw new AssertionError(
                        "npm ci failed in " + work + " (exit " + npm.exitCode() + "):\n" + npm.output());
            }
        }
    }

    private Result run(List<String> command, long timeout) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command)
                .directory(work.toFile())
                .redirectErrorStream(true)
                .start();
        process.getOutputStream().close();
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(timeout, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not finish in " + timeout + " s");
        }
        return new Result(process.exitValue(), new String(output, StandardCharsets.UTF_8));
    }
}
