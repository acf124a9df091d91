package io.ringmap.testsupport;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * A program a test needs from the machine (promtool, prometheus, node and npm, chromium and chromedriver), found at
 * the path a system property names or else on the PATH. When it is absent the test is skipped with a message naming
 * what to install, except on CI ({@code CI=true}, where scripts/ci-install.sh installs everything): there a missing
 * tool fails the test, so nothing is skipped silently.
 *
 * @param names    the executable's names, tried in order on the PATH
 * @param property the system property that may name the executable instead
 * @param install  what to install, e.g. "prometheus (Debian: apt-get install prometheus; macOS: brew install prometheus)"
 */
public record SystemTool(List<String> names, String property, String install) {

    public static final SystemTool PROMTOOL = new SystemTool(
            List.of("promtool"),
            "ringmap.promtool",
            "promtool, which comes with Prometheus (Debian/Ubuntu: apt-get install prometheus; macOS: brew install "
                    + "prometheus)");
    public static final SystemTool PROMETHEUS = new SystemTool(
            List.of("prometheus"),
            "ringmap.it.prometheus",
            "Prometheus (Debian/Ubuntu: apt-get install prometheus; macOS: brew install prometheus)");
    public static final SystemTool NODE = new SystemTool(
            List.of("node"),
            "ringmap.node",
            "Node.js 18+ with npm (Debian/Ubuntu: apt-get install nodejs npm; macOS: brew install node)");
    public static final SystemTool NPM = new SystemTool(
            List.of("npm"),
            "ringmap.npm",
            "npm, which comes with Node.js (Debian/Ubuntu: apt-get install npm; macOS: brew install node)");
    public static final SystemTool CHROMIUM = new SystemTool(
            List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"),
            "ringmap.it.chromium",
            "Chromium or Chrome (Debian/Ubuntu: apt-get install chromium; macOS: brew install --cask chromium)");
    public static final SystemTool CHROMEDRIVER = new SystemTool(
            List.of("chromedriver"),
            "ringmap.it.chromedriver",
            "chromedriver matching the browser's version (Debian/Ubuntu: apt-get install chromium-driver; macOS: brew "
                    + "install --cask chromedriver)");

    public SystemTool {
        names = List.copyOf(names);
    }

    /** The executable: the property's path when set, else the first of {@link #names} on the PATH. */
    public Optional<Path> locate() {
        String configured = System.getProperty(property, "");
        if (!configured.isBlank()) {
            Path path = Path.of(configured);
            return Files.isExecutable(path) ? Optional.of(path) : Optional.empty();
        }
        for (String directory : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            for (String name : names) {
                if (!directory.isEmpty() && Files.isExecutable(Path.of(directory, name))) {
                    return Optional.of(Path.of(directory, name));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The executable, or the test ends here: skipped with what to install, or failed on CI.
     *
     * @throws AssertionError when the tool is missing and {@code CI=true}
     */
    public Path require() {
        return require(onCi());
    }

    /** {@link #require()} with CI on or off. */
    Path require(boolean ci) {
        Optional<Path> found = locate();
        if (found.isPresent()) {
            return found.get();
        }
        String configured = System.getProperty(property, "");
        String message = (configured.isBlank()
                        ? String.join(" or ", names) + " is not on the PATH"
                        : "-D" + property + "=" + configured + " is not an executable")
                + ": install " + install
                + ", or name the executable with -D" + property + "=/path/to/" + names.get(0);
        if (ci) {
            throw new AssertionError(message + " (CI=true: a missing tool fails the build; scripts/ci-install.sh "
                    + "installs every tool)");
        }
        Assumptions.abort(message);
        throw new IllegalStateException("unreachable: Assumptions.abort throws");
    }

    /** CI=true, as CI services set it (and .ci/run). */
    public static boolean onCi() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }
}
