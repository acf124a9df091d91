package io.ringmap.packaging;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import com.marcnuri.helm.TemplateCommand;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.springframework.util.FileSystemUtils;
import org.yaml.snakeyaml.Yaml;

/** Runs Helm (in-process, through helm-java) on the ringmap chart and gives the rendered objects as maps. */
final class HelmChart {

    /**
     * The lock of every test class that renders or lints the chart, so the native Helm library is never called from
     * two test classes at once (unit test classes run side by side).
     */
    static final String LOCK = "native-helm";

    static final Path CHART = Path.of("helm", "ringmap");
    static final String RELEASE = "ringmap";
    static final String NAMESPACE = "ringmap";
    /** Kubernetes version rendered for (helm-java's default, v1.20, is older than the chart's kubeVersion). */
    static final String KUBE_VERSION = "1.31.0";
    /** The image repository every render without a values file of its own names (the chart has no default). */
    static final String IMAGE_REPOSITORY = "registry.example.com/ringmap";

    private HelmChart() {}

    /** The scenario files under ci/, by file name. */
    static List<Path> scenarios() {
        try (Stream<Path> files = Files.list(CHART.resolve("ci"))) {
            return files.filter(f -> f.getFileName().toString().endsWith("-values.yaml"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * helm-java's native library is on Maven Central for Linux x86-64 only (the pom's profile adds it there): on any
     * other machine the chart tests are skipped saying so, and fail on CI.
     */
    private static void requireNativeHelm() {
        boolean supported = System.getProperty("os.name", "").startsWith("Linux")
                && System.getProperty("os.arch", "").equals("amd64");
        if (!supported) {
            String why = "the chart tests render with helm-java, whose native library Maven Central has for Linux "
                    + "x86-64 only (this is " + System.getProperty("os.name") + " " + System.getProperty("os.arch")
                    + ")";
            if (io.ringmap.testsupport.SystemTool.onCi()) {
                throw new AssertionError(why);
            }
            org.junit.jupiter.api.Assumptions.abort(why);
        }
    }

    /**
     * `helm template` output for the default values plus the given values file (the ci/ files name their image), or
     * plus {@link #IMAGE_REPOSITORY} when there is none.
     */
    static String template(Optional<Path> valuesFile) {
        requireNativeHelm();
        if (valuesFile.isEmpty()) {
            return template().call();
        }
        return new Helm(CHART)
                .template()
                .withName(RELEASE)
                .withNamespace(NAMESPACE)
                .withKubeVersion(KUBE_VERSION)
                .withValuesFile(valuesFile.get())
                .call();
    }

    /** A `helm template` of the release with the default values and {@link #IMAGE_REPOSITORY}, to add --set to. */
    static TemplateCommand template() {
        requireNativeHelm();
        return new Helm(CHART)
                .template()
                .withName(RELEASE)
                .withNamespace(NAMESPACE)
                .withKubeVersion(KUBE_VERSION)
                .set("image.repository", IMAGE_REPOSITORY);
    }

    /**
     * `helm lint --strict` with the given values file (or {@link #IMAGE_REPOSITORY}). helm-java's lint takes no values
     * file, so the chart is copied to {@code workDir} with the values merged over values.yaml first, which is what
     * `helm lint -f` does.
     */
    static LintResult lintStrict(Optional<Path> valuesFile, Path workDir) throws IOException {
        requireNativeHelm();
        Path copy = workDir.resolve("ringmap");
        FileSystemUtils.deleteRecursively(copy);
        FileSystemUtils.copyRecursively(CHART, copy);
        Yaml yaml = new Yaml();
        Map<String, Object> values = yaml.load(Files.readString(CHART.resolve("values.yaml")));
        Map<String, Object> overrides = valuesFile.isPresent()
                ? yaml.load(Files.readString(valuesFile.get()))
                : Map.of("image", Map.of("repository", IMAGE_REPOSITORY));
        Files.writeString(copy.resolve("values.yaml"), yaml.dump(merge(values, overrides)));
        return new Helm(copy).lint().strict().call();
    }

    /** The non-empty documents of a multi-document YAML string. */
    static List<Map<String, Object>> objects(String manifests) {
        List<Map<String, Object>> objects = new ArrayList<>();
        for (Object document : new Yaml().loadAll(manifests)) {
            if (document != null) {
                objects.add(asMap(document));
            }
        }
        return objects;
    }

    static Map<String, Object> find(List<Map<String, Object>> objects, String kind) {
        return objects.stream()
                .filter(o -> kind.equals(o.get("kind")))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " rendered"));
    }

    static List<Map<String, Object>> findAll(List<Map<String, Object>> objects, String kind) {
        return objects.stream().filter(o -> kind.equals(o.get("kind"))).toList();
    }

    /** The value at a dotted path of nested maps; a numeric segment indexes a list. */
    static Object at(Object root, String path) {
        Object current = root;
        for (String segment : path.split("\\.")) {
            if (current instanceof Map<?, ?> map) {
                current = map.get(segment);
            } else if (current instanceof List<?> list && segment.matches("\\d+")) {
                current = list.get(Integer.parseInt(segment));
            } else {
                throw new AssertionError("no " + segment + " in " + path);
            }
            if (current == null) {
                throw new AssertionError("missing " + path + " (at " + segment + ")");
            }
        }
        return current;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> asMap(Object value) {
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    static List<Object> asList(Object value) {
        return (List<Object>) value;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> merge(Map<String, Object> base, Map<String, Object> overrides) {
        Map<String, Object> merged = new LinkedHashMap<>(base);
        overrides.forEach((key, value) -> {
            if (value instanceof Map<?, ?> map && merged.get(key) instanceof Map<?, ?> baseMap) {
                merged.put(key, merge((Map<String, Object>) baseMap, (Map<String, Object>) map));
            } else {
                merged.put(key, value);
            }
        });
        return merged;
    }
}
