package io.ringmap.packaging;

import static io.ringmap.packaging.HelmChart.asList;
import static io.ringmap.packaging.HelmChart.asMap;
import static io.ringmap.packaging.HelmChart.at;
import static io.ringmap.packaging.HelmChart.find;
import static io.ringmap.packaging.HelmChart.findAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.convert.ApplicationConversionService;
import org.springframework.util.ClassUtils;
import org.springframework.util.FileSystemUtils;
import org.yaml.snakeyaml.Yaml;

/**
 * The Helm chart helm/ringmap: linted strictly, rendered for the default values and every ci/*-values.yaml, each
 * rendered object validated against the Kubernetes API schemas, and the rendered objects checked against what the
 * service really serves and reads (ports, probe paths, property names, the dashboard file).
 */
@ResourceLock(HelmChart.LOCK)
class HelmChartTest {

    private static final Path RENDERED = Path.of("target", "helm-rendered");
    private static final String DEFAULTS = "default";

    /** Scenario name ("default" or the ci file name) -> rendered objects. */
    private static final Map<String, List<Map<String, Object>>> rendered = new LinkedHashMap<>();

    private static final Map<String, Path> renderedFiles = new LinkedHashMap<>();

    private static Map<String, Object> serviceConfig;

    @BeforeAll
    static void renderEveryScenario() throws IOException {
        Files.createDirectories(RENDERED);
        for (String scenario : scenarioNames().toList()) {
            Optional<Path> values = scenario.equals(DEFAULTS)
                    ? Optional.empty()
                    : Optional.of(HelmChart.CHART.resolve("ci").resolve(scenario));
            String manifests = HelmChart.template(values);
            Path file = RENDERED.resolve(scenario.replace(".yaml", "") + ".rendered.yaml");
            Files.writeString(file, manifests);
            renderedFiles.put(scenario, file);
            rendered.put(scenario, HelmChart.objects(manifests));
        }
        serviceConfig = new Yaml().load(Files.readString(Path.of("src", "main", "resources", "application.yaml")));
    }

    static Stream<String> scenarioNames() {
        return Stream.concat(
                Stream.of(DEFAULTS),
                HelmChart.scenarios().stream().map(p -> p.getFileName().toString()));
    }

    static Stream<String> ciScenarios() {
        return scenarioNames().filter(s -> !s.equals(DEFAULTS));
    }

    @ParameterizedTest
    @MethodSource("scenarioNames")
    void lintsStrictly(String scenario, @TempDir Path workDir) throws IOException {
        Optional<Path> values = scenario.equals(DEFAULTS)
                ? Optional.empty()
                : Optional.of(HelmChart.CHART.resolve("ci").resolve(scenario));

        LintResult lint = HelmChart.lintStrict(values, workDir);

        assertThat(lint.isFailed())
                .as("helm lint --strict: %s", lint.getMessages())
                .isFalse();
        assertThat(lint.getMessages()).noneMatch(m -> m.contains("[ERROR]") || m.contains("[WARNING]"));
    }

    @Test
    void everyRenderedObjectMatchesTheKubernetesApiSchemas() throws Exception {
        // given every scenario rendered to target/helm-rendered

        // when
        var result = KubernetesSchemaValidator.validate(new ArrayList<>(renderedFiles.values()));

        // then
        assertThat(result.exitCode()).as(result.output()).isZero();
        int objects = rendered.values().stream().mapToInt(List::size).sum();
        assertThat(result.output()).contains(objects + " valid, 0 invalid");
    }

    @Test
    void schemaValidationRejectsAnInvalidObject(@TempDir Path dir) throws Exception {
        // given a Deployment whose replica count is a string, a Service with a field at the wrong level and a
        // ServiceMonitor with a misspelt endpoint field
        Path broken = dir.resolve("broken.yaml");
        Files.writeString(broken, """
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: broken}
                spec:
                  replicas: "two"
                  selector: {matchLabels: {a: b}}
                  template:
                    metadata: {labels: {a: b}}
                    spec: {containers: [{name: c, image: i}]}
                ---
                apiVersion: v1
                kind: Service
                metadata: {name: misplaced}
                spec:
                  ports: [{name: http, port: 8080}]
                  targetPort: http
                ---
                apiVersion: monitoring.coreos.com/v1
                kind: ServiceMonitor
                metadata: {name: broken}
                spec:
                  selector: {matchLabels: {a: b}}
                  endpoints: [{port: management, pth: /actuator/prometheus}]
                """);

        // when
        var result = KubernetesSchemaValidator.validate(List.of(broken));

        // then
        assertThat(result.exitCode()).as(result.output()).isEqualTo(1);
        assertThat(result.output()).contains("0 valid, 3 invalid");
    }

    @ParameterizedTest
    @MethodSource("scenarioNames")
    void probesHitTheActuatorProbePathsOnTheManagementPort(String scenario) {
        Map<String, Object> container = container(scenario);
        int managementPort = ((Number) at(serviceConfig, "management.server.port")).intValue();

        assertThat(containerPort(container, "management")).isEqualTo(managementPort);
        assertThat(containerPort(container, "http")).isEqualTo(at(serviceConfig, "server.port"));
        assertThat(at(container, "livenessProbe.httpGet.path")).isEqualTo(probePath("liveness"));
        assertThat(at(container, "readinessProbe.httpGet.path")).isEqualTo(probePath("readiness"));
        assertThat(at(container, "livenessProbe.httpGet.port")).isEqualTo("management");
        assertThat(at(container, "readinessProbe.httpGet.port")).isEqualTo("management");
        if (container.containsKey("startupProbe")) {
            assertThat(at(container, "startupProbe.httpGet.port")).isEqualTo("management");
            assertThat(at(container, "startupProbe.httpGet.path")).isEqualTo(probePath("liveness"));
        }
        assertThat(asList(at(container, "args"))).contains("--management.server.port=" + managementPort);

        Map<String, Object> service = find(rendered.get(scenario), "Service");
        assertThat(asList(at(service, "spec.ports"))).map(HelmChart::asMap).anySatisfy(p -> {
            assertThat(p.get("name")).isEqualTo("management");
            assertThat(p.get("port")).isEqualTo(managementPort);
            assertThat(p.get("targetPort")).isEqualTo("management");
        });
    }

    @ParameterizedTest
    @MethodSource("scenarioNames")
    void everyPropertyThePodGetsIsOneTheServiceKnows(String scenario) {
        ApplicationProperties known = ApplicationProperties.load();
        Map<String, Object> configMap = configMap(scenario);
        Map<String, Object> applicationYaml =
                new Yaml().load((String) asMap(at(configMap, "data")).get("application.yaml"));

        List<String> keys =
                new ArrayList<>(ApplicationProperties.flatten(applicationYaml).keySet());
        for (Object env : asList(container(scenario).get("env"))) {
            String name = (String) asMap(env).get("name");
            if (name.startsWith("SPRING_")) {
                keys.add(ApplicationProperties.fromEnvironmentVariable(name));
            }
        }

        assertThat(known.size()).isGreaterThan(1000); // Spring Boot's metadata is on the classpath
        assertThat(keys)
                .isNotEmpty()
                .allSatisfy(key -> assertThat(known.knows(key))
                        .as("%s is a property the service knows", key)
                        .isTrue());
    }

    @ParameterizedTest
    @MethodSource("scenarioNames")
    void everyPropertyValueConvertsToItsDeclaredType(String scenario) {
        ApplicationProperties known = ApplicationProperties.load();
        Map<String, Object> applicationYaml =
                new Yaml().load((String) asMap(at(configMap(scenario), "data")).get("application.yaml"));
        var conversion = ApplicationConversionService.getSharedInstance();

        ApplicationProperties.flatten(applicationYaml).forEach((key, value) -> {
            String type = known.type(key);
            if (type == null || type.equals("?")) {
                return; // unknown keys fail everyPropertyThePodGetsIsOneTheServiceKnows
            }
            if (type.startsWith("java.util.List<")) {
                assertThat(value).as(key).isInstanceOf(List.class);
                return;
            }
            try {
                Class<?> target = ClassUtils.resolveClassName(type.replaceAll("<.*", ""), null);
                assertThat(conversion.convert(value, target))
                        .as("%s=%s as %s", key, value, type)
                        .isNotNull();
            } catch (IllegalArgumentException notOnTheTestClasspath) {
                // a type of an optional integration: nothing to convert to
            }
        });
    }

    @Test
    void valuesSchemaRejectsUnknownAndMistypedValues() {
        var misspelt = HelmChart.template().set("config.hotkeys.topk", "5");
        var mistyped = HelmChart.template().set("config.hotkeys.exportKey", "sha1");

        assertThatThrownBy(misspelt::call).hasMessageContaining("topk");
        assertThatThrownBy(mistyped::call).hasMessageContaining("exportKey");
    }

    @Test
    void authAndTlsWithoutTheirSecretsFailToRender() {
        var auth = HelmChart.template().set("auth.enabled", "true");
        var tls = HelmChart.template().set("tls.enabled", "true");

        assertThatThrownBy(auth::call).hasMessageContaining("auth.existingSecret");
        assertThatThrownBy(tls::call).hasMessageContaining("tls.truststore.existingSecret");
    }

    @Test
    void thePodMountsTheConfigMapWhereSpringLooksForAdditionalConfig() {
        Map<String, Object> deployment = find(rendered.get(DEFAULTS), "Deployment");
        Map<String, Object> container = container(DEFAULTS);

        assertThat(env(container, "SPRING_CONFIG_ADDITIONAL_LOCATION"))
                .containsEntry("value", "optional:file:/config/");
        assertThat(volumeMount(container, "config"))
                .containsEntry("mountPath", "/config")
                .containsEntry("readOnly", true);
        assertThat(volume(deployment, "config"))
                .extracting(v -> at(v, "configMap.name"))
                .isEqualTo(at(configMap(DEFAULTS), "metadata.name"));
        assertThat(asMap(at(deployment, "spec.template.metadata.annotations"))).containsKey("checksum/config");
    }

    @Test
    void inlineStaticTopologyIsMountedAndUsedAsTheTopologyFile() throws IOException {
        Path sample = Path.of("src", "main", "resources", "topology", "default.yaml");

        String manifests =
                HelmChart.template().setFile("config.topology.inline", sample).call();

        List<Map<String, Object>> objects = HelmChart.objects(manifests);
        Map<String, Object> data = asMap(at(
                findAll(objects, "ConfigMap").stream()
                        .filter(c -> asMap(at(c, "data")).containsKey("application.yaml"))
                        .findFirst()
                        .orElseThrow(),
                "data"));
        Map<String, Object> config = new Yaml().load((String) data.get("application.yaml"));
        Map<String, Object> container = asMap(at(find(objects, "Deployment"), "spec.template.spec.containers.0"));
        String mountPath = (String) volumeMount(container, "config").get("mountPath");
        assertThat(((String) data.get("topology.yaml")).strip())
                .isEqualTo(Files.readString(sample).strip());
        assertThat(at(config, "ringmap.topology.file")).isEqualTo("file:" + mountPath + "/topology.yaml");
    }

    @Test
    void tlsAndAuthComeFromSecretsAndFeedTheCassandraSslBundle() {
        String scenario = "tls-auth-values.yaml";
        Map<String, Object> deployment = find(rendered.get(scenario), "Deployment");
        Map<String, Object> container = container(scenario);
        Map<String, Object> config =
                new Yaml().load((String) asMap(at(configMap(scenario), "data")).get("application.yaml"));

        assertThat(at(env(container, "SPRING_CASSANDRA_USERNAME"), "valueFrom.secretKeyRef.name"))
                .isEqualTo("ringmap-cassandra-credentials");
        assertThat(at(env(container, "SPRING_CASSANDRA_PASSWORD"), "valueFrom.secretKeyRef.key"))
                .isEqualTo("password");
        assertThat(at(
                        env(container, "SPRING_SSL_BUNDLE_JKS_CASSANDRA_TRUSTSTORE_PASSWORD"),
                        "valueFrom.secretKeyRef.name"))
                .isEqualTo("ringmap-cassandra-truststore");
        assertThat(at(config, "spring.cassandra.ssl.enabled")).isEqualTo(true);
        String bundle = (String) at(config, "spring.cassandra.ssl.bundle");
        assertThat(at(config, "spring.ssl.bundle.jks." + bundle + ".truststore.type"))
                .isEqualTo("PKCS12");
        assertThat(at(config, "spring.cassandra.contact-points"))
                .isEqualTo(List.of("cassandra-0.cassandra.db.svc:9142", "cassandra-1.cassandra.db.svc:9142"));
        assertThat(at(config, "spring.cassandra.local-datacenter")).isEqualTo("dc1");
        assertThat(at(config, "ringmap.topology.keyspaces")).isEqualTo(List.of("orders", "inventory"));

        // the truststore location points at the file the read-only Secret volume provides
        Map<String, Object> mount = volumeMount(container, "tls");
        assertThat(mount).containsEntry("readOnly", true);
        Map<String, Object> volume = volume(deployment, "tls");
        String fileName = (String) at(volume, "projected.sources.0.secret.items.0.path");
        assertThat(at(volume, "projected.sources.0.secret.name")).isEqualTo("ringmap-cassandra-truststore");
        assertThat(at(config, "spring.ssl.bundle.jks." + bundle + ".truststore.location"))
                .isEqualTo("file:" + mount.get("mountPath") + "/" + fileName);
    }

    @ParameterizedTest
    @MethodSource("scenarioNames")
    void podRunsLockedDown(String scenario) throws IOException {
        Map<String, Object> deployment = find(rendered.get(scenario), "Deployment");
        Map<String, Object> pod = asMap(at(deployment, "spec.template.spec"));
        Map<String, Object> container = container(scenario);
        String dockerfileUser =
                Dockerfile.parse(Path.of("Dockerfile")).finalStage().user().split(":")[0];

        assertThat(at(pod, "securityContext.runAsNonRoot")).isEqualTo(true);
        assertThat(at(pod, "securityContext.runAsUser")).isEqualTo(10001).hasToString(dockerfileUser);
        assertThat(at(pod, "securityContext.seccompProfile.type")).isEqualTo("RuntimeDefault");
        assertThat(at(pod, "automountServiceAccountToken")).isEqualTo(false);
        assertThat(at(container, "securityContext.runAsNonRoot")).isEqualTo(true);
        assertThat(at(container, "securityContext.readOnlyRootFilesystem")).isEqualTo(true);
        assertThat(at(container, "securityContext.allowPrivilegeEscalation")).isEqualTo(false);
        assertThat(at(container, "securityContext.capabilities.drop")).isEqualTo(List.of("ALL"));
        assertThat(at(container, "securityContext.seccompProfile.type")).isEqualTo("RuntimeDefault");
        assertThat(at(container, "resources.requests.cpu")).isNotNull();
        assertThat(at(container, "resources.requests.memory")).isNotNull();
        assertThat(at(container, "resources.limits.memory")).isNotNull();
        assertThat(volumeMount(container, "tmp")).containsEntry("mountPath", "/tmp");
        assertThat(volume(deployment, "tmp")).containsKey("emptyDir");
        assertThat(at(find(rendered.get(scenario), "ServiceAccount"), "automountServiceAccountToken"))
                .isEqualTo(false);
    }

    @Test
    void podRunsTheImageAsTheDockerfileBuildsIt() throws IOException {
        Dockerfile.Stage image = Dockerfile.parse(Path.of("Dockerfile")).finalStage();
        Map<String, Object> container = container(DEFAULTS);

        assertThat(env(container, "JAVA_TOOL_OPTIONS"))
                .containsEntry("value", image.env().get("JAVA_TOOL_OPTIONS"));
        assertThat(image.last("EXPOSE").arguments().split("\\s+"))
                .containsExactlyInAnyOrder(
                        String.valueOf(containerPort(container, "http")),
                        String.valueOf(containerPort(container, "management")));
        assertThat(container).doesNotContainKey("command"); // the image's ENTRYPOINT (JarLauncher) runs
        assertThat(image.entrypoint()).contains("-Djava.io.tmpdir=/tmp");
        assertThat(volumeMount(container, "tmp")).containsEntry("mountPath", "/tmp");
    }

    @Test
    void imageTagDefaultsToTheAppVersion() throws IOException {
        Map<String, Object> chart = new Yaml().load(Files.readString(HelmChart.CHART.resolve("Chart.yaml")));

        assertThat(at(container(DEFAULTS), "image"))
                .isEqualTo(HelmChart.IMAGE_REPOSITORY + ":" + chart.get("appVersion"));

        String overridden = HelmChart.template()
                .set("image.tag", "1.2.3")
                .set("image.repository", "my-mirror/ringmap")
                .call();
        Map<String, Object> deployment = find(HelmChart.objects(overridden), "Deployment");
        assertThat(at(deployment, "spec.template.spec.containers.0.image")).isEqualTo("my-mirror/ringmap:1.2.3");
    }

    @Test
    void withoutAnImageRepositoryRenderingFailsAndEveryInstallLineSetsOne() throws IOException {
        var withoutImage = new Helm(HelmChart.CHART)
                .template()
                .withName(HelmChart.RELEASE)
                .withKubeVersion(HelmChart.KUBE_VERSION);

        assertThatThrownBy(withoutImage::call)
                .hasMessageContaining("image.repository is required")
                .hasMessageContaining("Dockerfile");
        for (Path doc :
                List.of(HelmChart.CHART.resolve("README.md"), Path.of("README.md"), Path.of("docs", "deploy.md"))) {
            List<String> installs = helmInstallCommands(Files.readString(doc));
            assertThat(installs)
                    .as("helm install commands in %s", doc)
                    .isNotEmpty()
                    .allSatisfy(command -> assertThat(command).contains("--set image.repository="));
        }
    }

    @Test
    void apiKeysComeFromASecretMountedAsAConfigTree() {
        String scenario = "tls-auth-values.yaml";
        Map<String, Object> config = applicationYaml(scenario);
        Map<String, Object> mount = volumeMount(container(scenario), "api-keys");
        var withoutSecret = HelmChart.template().set("security.mode", "api-key");

        assertThat(at(config, "ringmap.security.mode")).isEqualTo("api-key");
        assertThat(at(config, "ringmap.security.api-key-header")).isEqualTo("X-API-Key");
        assertThat(at(config, "spring.config.import")).isEqualTo(List.of("configtree:" + mount.get("mountPath") + "/"));
        assertThat(mount).containsEntry("readOnly", true);
        assertThat(at(volume(find(rendered.get(scenario), "Deployment"), "api-keys"), "secret.secretName"))
                .isEqualTo("ringmap-api-keys");
        assertThat(asMap(at(applicationYaml(DEFAULTS), "ringmap"))).doesNotContainKey("security");
        assertThatThrownBy(withoutSecret::call).hasMessageContaining("security.apiKeys.existingSecret");
    }

    @Test
    void jwtModeNamesTheIssuerAndAudiencesAndEgressReachesTheIssuerPort() {
        String scenario = "jwt-jmx-egress-values.yaml";
        Map<String, Object> config = applicationYaml(scenario);
        String jwt = "spring.security.oauth2.resourceserver.jwt.";
        var withoutIssuer = HelmChart.template().set("security.mode", "jwt");
        var defaultPort = HelmChart.template()
                .set("security.mode", "jwt")
                .set("security.jwt.issuerUri", "https://idp.example.com/realms/ops")
                .set("config.hotkeys.salt.existingSecret", "salt")
                .set("networkPolicy.enabled", "true")
                .set("networkPolicy.egress.enabled", "true");

        assertThat(at(config, "ringmap.security.mode")).isEqualTo("jwt");
        assertThat(at(config, jwt + "issuer-uri")).isEqualTo("https://idp.example.com:8443/realms/ops");
        assertThat(at(config, jwt + "audiences")).isEqualTo(List.of("ringmap"));
        assertThat(egressRule(rendered.get(scenario), 8443))
                .containsEntry("to", List.of(Map.of("ipBlock", Map.of("cidr", "203.0.113.0/24"))));
        assertThat(egressRule(HelmChart.objects(defaultPort.call()), 443)).doesNotContainKey("to");
        assertThatThrownBy(withoutIssuer::call).hasMessageContaining("security.jwt.issuerUri");
    }

    @Test
    void jmxTakesItsCredentialsFromASecretAndEgressOpensItsPortTowardsCassandra() {
        String scenario = "jwt-jmx-egress-values.yaml";
        Map<String, Object> config = applicationYaml(scenario);
        Map<String, Object> container = container(scenario);
        Map<String, Object> cassandraTo = asMap(at(egressRule(rendered.get(scenario), 9042), "to.0"));
        var credentialsWithoutJmx = HelmChart.template().set("config.sizes.jmx.existingSecret", "jmx");

        assertThat(at(config, "ringmap.sizes.jmx.enabled")).isEqualTo(true);
        assertThat(at(config, "ringmap.sizes.jmx.port")).isEqualTo(7199);
        for (String variable : List.of("RINGMAP_SIZES_JMX_USERNAME", "RINGMAP_SIZES_JMX_PASSWORD")) {
            assertThat(at(env(container, variable), "valueFrom.secretKeyRef.name"))
                    .isEqualTo("ringmap-cassandra-jmx");
            assertThat(ApplicationProperties.load().knows(ApplicationProperties.fromEnvironmentVariable(variable)))
                    .as(variable)
                    .isTrue();
        }
        assertThat(at(egressRule(rendered.get(scenario), 7199), "to.0")).isEqualTo(cassandraTo);
        assertThat(asMap(at(applicationYaml(DEFAULTS), "ringmap"))).doesNotContainKey("sizes");
        assertThat(asList(container(DEFAULTS).get("env")))
                .map(e -> asMap(e).get("name"))
                .doesNotContain("RINGMAP_SIZES_JMX_USERNAME");
        assertThatThrownBy(credentialsWithoutJmx::call).hasMessageContaining("needs config.sizes.jmx.enabled");
    }

    @Test
    void egressAllowsDnsThePeersAndCassandraOnlyUnlessJmxTheIssuerOrExtraRulesAreAsked() {
        List<Object> plain =
                asList(at(find(rendered.get("hpa-networkpolicy-values.yaml"), "NetworkPolicy"), "spec.egress"));
        List<Object> full =
                asList(at(find(rendered.get("jwt-jmx-egress-values.yaml"), "NetworkPolicy"), "spec.egress"));

        // 8081: the other pods' management port (peers)
        assertThat(plain)
                .map(HelmChartTest::ports)
                .containsExactly(List.of(53, 53), List.of(8081), List.of(9042, 9142));
        assertThat(full)
                .map(HelmChartTest::ports)
                .containsExactly(
                        List.of(53, 53),
                        List.of(8081),
                        List.of(9042, 9142),
                        List.of(7199),
                        List.of(8443),
                        List.of(4317));
        assertThat(at(full.get(full.size() - 1), "to.0.namespaceSelector.matchLabels"))
                .isEqualTo(Map.of("kubernetes.io/metadata.name", "observability"));
    }

    @Test
    void theProductionExampleRunsSeveralReplicasOnDifferentNodesWithADisruptionBudget() {
        List<Map<String, Object>> objects = rendered.get("production-values.yaml");
        Map<String, Object> deployment = find(objects, "Deployment");

        assertThat(((Number) at(deployment, "spec.replicas")).intValue()).isGreaterThan(1);
        assertThat(at(find(objects, "PodDisruptionBudget"), "spec.maxUnavailable"))
                .isEqualTo(1);
        assertThat(asMap(at(deployment, "spec.template.spec.affinity.podAntiAffinity")))
                .containsOnlyKeys("requiredDuringSchedulingIgnoredDuringExecution");
    }

    @Test
    void dashboardConfigMapHoldsTheDashboardFileByteForByte() throws IOException {
        Path dashboardFile = HelmChart.CHART.resolve("dashboards").resolve("ringmap.json");
        Map<String, Object> dashboard = findAll(rendered.get(DEFAULTS), "ConfigMap").stream()
                .filter(c -> asMap(at(c, "data")).containsKey("ringmap.json"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no dashboard ConfigMap by default"));

        assertThat(at(dashboard, "metadata.labels.grafana_dashboard")).isEqualTo("1");
        String embedded = (String) asMap(at(dashboard, "data")).get("ringmap.json");
        assertThat(embedded.getBytes(StandardCharsets.UTF_8)).isEqualTo(Files.readAllBytes(dashboardFile));
        Map<String, Object> json = new Yaml().load(embedded); // JSON is YAML
        assertThat(json).containsKeys("title", "uid", "panels");
    }

    @Test
    void metricsAreScrapedFromTheManagementPortByAnnotationsOrByAServiceMonitor() {
        Map<String, Object> annotations =
                asMap(at(find(rendered.get(DEFAULTS), "Deployment"), "spec.template.metadata.annotations"));
        String prometheusPath = "/actuator/prometheus";
        assertThat((String) at(serviceConfig, "management.endpoints.web.exposure.include"))
                .contains("prometheus");
        assertThat(annotations)
                .containsEntry("prometheus.io/scrape", "true")
                .containsEntry("prometheus.io/port", String.valueOf(at(serviceConfig, "management.server.port")))
                .containsEntry("prometheus.io/path", prometheusPath);
        assertThat(findAll(rendered.get(DEFAULTS), "ServiceMonitor")).isEmpty();

        String scenario = "servicemonitor-values.yaml";
        Map<String, Object> monitor = find(rendered.get(scenario), "ServiceMonitor");
        assertThat(asMap(at(find(rendered.get(scenario), "Deployment"), "spec.template.metadata.annotations")))
                .doesNotContainKey("prometheus.io/scrape");
        assertThat(at(monitor, "spec.endpoints.0.port")).isEqualTo("management");
        assertThat(at(monitor, "spec.endpoints.0.path")).isEqualTo(prometheusPath);
        assertThat(at(monitor, "spec.selector.matchLabels"))
                .isEqualTo(at(find(rendered.get(scenario), "Service"), "spec.selector"));
        assertThat(at(monitor, "metadata.labels.release")).isEqualTo("kube-prometheus-stack");
    }

    @Test
    void autoscaledDeploymentLeavesReplicasToTheHpaAndPoliciesUseRealPorts() {
        String scenario = "hpa-networkpolicy-values.yaml";
        List<Map<String, Object>> objects = rendered.get(scenario);
        Map<String, Object> deployment = find(objects, "Deployment");
        Map<String, Object> hpa = find(objects, "HorizontalPodAutoscaler");
        Map<String, Object> policy = find(objects, "NetworkPolicy");
        Map<String, Object> container = container(scenario);

        assertThat(asMap(at(deployment, "spec"))).doesNotContainKey("replicas");
        assertThat(at(hpa, "spec.scaleTargetRef.name")).isEqualTo(at(deployment, "metadata.name"));
        assertThat(at(hpa, "spec.scaleTargetRef.kind")).isEqualTo("Deployment");
        assertThat(at(policy, "spec.podSelector.matchLabels")).isEqualTo(at(deployment, "spec.selector.matchLabels"));
        for (Object rule : asList(at(policy, "spec.ingress"))) {
            for (Object port : asList(at(rule, "ports"))) {
                assertThat(containerPort(container, (String) asMap(port).get("port")))
                        .isPositive();
            }
        }
        assertThat(at(find(objects, "PodDisruptionBudget"), "spec.maxUnavailable"))
                .isEqualTo(1);
        assertThat(find(rendered.get(DEFAULTS), "Deployment"))
                .extracting(d -> at(d, "spec.replicas"))
                .isEqualTo(2);
        assertThat(findAll(rendered.get(DEFAULTS), "HorizontalPodAutoscaler")).isEmpty();
        assertThat(findAll(rendered.get(DEFAULTS), "NetworkPolicy")).isEmpty();
    }

    @Test
    void hashedHotKeyLabelsTakeTheSaltFromASecretAndFailToRenderWithoutOne() {
        String scenario = "tls-auth-values.yaml";
        Map<String, Object> config =
                new Yaml().load((String) asMap(at(configMap(scenario), "data")).get("application.yaml"));
        var withoutSalt = HelmChart.template().set("config.hotkeys.exportKey", "hash");

        assertThat(at(config, "ringmap.hotkeys.export-key")).isEqualTo("hash");
        Map<String, Object> salt = env(container(scenario), "RINGMAP_HOTKEYS_SALT");
        assertThat(at(salt, "valueFrom.secretKeyRef.name")).isEqualTo("ringmap-hotkeys-salt");
        assertThat(at(salt, "valueFrom.secretKeyRef.key")).isEqualTo("salt");
        assertThat(ApplicationProperties.fromEnvironmentVariable("RINGMAP_HOTKEYS_SALT"))
                .isEqualTo("ringmap.hotkeys.salt");
        assertThat(asList(container(DEFAULTS).get("env")))
                .map(e -> asMap(e).get("name"))
                .doesNotContain("RINGMAP_HOTKEYS_SALT");
        assertThatThrownBy(withoutSalt::call).hasMessageContaining("config.hotkeys.salt.existingSecret");
    }

    @Test
    void theAuthenticationModesExportHashedKeysByDefaultAndNeverPlain() {
        // issue 35: in api-key and jwt modes clear keys must not reach the open /actuator/prometheus
        String scenario = "jwt-jmx-egress-values.yaml"; // exportKey left empty
        var plain = HelmChart.template()
                .set("security.mode", "api-key")
                .set("security.apiKeys.existingSecret", "keys")
                .set("config.hotkeys.exportKey", "plain")
                .set("config.hotkeys.salt.existingSecret", "salt");
        var withoutSalt = HelmChart.template()
                .set("security.mode", "jwt")
                .set("security.jwt.issuerUri", "https://idp.example.com/realms/ops");
        var untracked = HelmChart.template()
                .set("security.mode", "api-key")
                .set("security.apiKeys.existingSecret", "keys")
                .set("config.hotkeys.enabled", "false");

        assertThat(at(applicationYaml(scenario), "ringmap.hotkeys.export-key")).isEqualTo("hash");
        assertThat(at(env(container(scenario), "RINGMAP_HOTKEYS_SALT"), "valueFrom.secretKeyRef.name"))
                .isEqualTo("ringmap-hotkeys-salt");
        assertThat(at(applicationYaml(DEFAULTS), "ringmap.hotkeys.export-key")).isEqualTo("plain");
        assertThatThrownBy(plain::call)
                .hasMessageContaining("config.hotkeys.exportKey plain with security.mode "
                        + "api-key would put clear keys in the open /actuator/prometheus");
        assertThatThrownBy(withoutSalt::call)
                .hasMessageContaining(
                        "(the export of security.mode jwt) needs " + "config.hotkeys.salt.existingSecret");
        assertThat(asList(at(
                        find(HelmChart.objects(untracked.call()), "Deployment"),
                        "spec.template.spec.containers.0.env")))
                .map(e -> asMap(e).get("name"))
                .doesNotContain("RINGMAP_HOTKEYS_SALT");
    }

    @Test
    void mutualTlsMountsTheKeystoreBesideTheTruststoreAndFeedsTheSameBundle() {
        String scenario = "tls-auth-values.yaml";
        Map<String, Object> container = container(scenario);
        Map<String, Object> config =
                new Yaml().load((String) asMap(at(configMap(scenario), "data")).get("application.yaml"));
        String bundle = (String) at(config, "spring.cassandra.ssl.bundle");
        String mountPath = (String) volumeMount(container, "tls").get("mountPath");
        List<Object> sources =
                asList(at(volume(find(rendered.get(scenario), "Deployment"), "tls"), "projected.sources"));
        var keystoreOnly = HelmChart.template().set("tls.keystore.existingSecret", "client-cert");

        assertThat(sources)
                .map(source -> at(source, "secret.name"))
                .containsExactly("ringmap-cassandra-truststore", "ringmap-cassandra-keystore");
        assertThat(at(config, "spring.ssl.bundle.jks." + bundle + ".keystore.location"))
                .isEqualTo("file:" + mountPath + "/" + at(sources.get(1), "secret.items.0.path"));
        assertThat(at(config, "spring.ssl.bundle.jks." + bundle + ".keystore.type"))
                .isEqualTo("PKCS12");
        assertThat(at(
                        env(container, "SPRING_SSL_BUNDLE_JKS_CASSANDRA_KEYSTORE_PASSWORD"),
                        "valueFrom.secretKeyRef.name"))
                .isEqualTo("ringmap-cassandra-keystore");
        assertThat(at(
                        env(container, "SPRING_SSL_BUNDLE_JKS_CASSANDRA_KEYSTORE_PASSWORD"),
                        "valueFrom.secretKeyRef.key"))
                .isEqualTo("keystore-password");
        assertThatThrownBy(keystoreOnly::call).hasMessageContaining("needs tls.enabled");
    }

    @Test
    void platformExtensionPointsLandInThePod() {
        String scenario = "production-values.yaml";
        Map<String, Object> pod = asMap(at(find(rendered.get(scenario), "Deployment"), "spec.template.spec"));
        Map<String, Object> container = container(scenario);

        assertThat(at(container, "image"))
                .isEqualTo("registry.example.com/platform/ringmap:0.1.0@sha256:"
                        + "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef");
        assertThat(at(container, "envFrom.0.secretRef.name")).isEqualTo("ringmap-env");
        assertThat(volumeMount(container, "topology")).containsEntry("mountPath", "/etc/ringmap/topology");
        assertThat(at(volume(find(rendered.get(scenario), "Deployment"), "topology"), "configMap.name"))
                .isEqualTo("ringmap-topology");
        assertThat(at(pod, "initContainers.0.name")).isEqualTo("wait-for-dns");
        assertThat(asList(at(pod, "containers")))
                .map(c -> asMap(c).get("name"))
                .containsExactly("ringmap", "log-shipper");
        // the default keeps the chart's own mounts and nothing else
        assertThat(asList(at(container(DEFAULTS), "volumeMounts")))
                .map(m -> asMap(m).get("name"))
                .containsExactly("tmp", "config");
        assertThat(asMap(at(find(rendered.get(DEFAULTS), "Deployment"), "spec.template.spec")))
                .doesNotContainKey("initContainers");
    }

    @Test
    void ingressAndHttpRouteSendTrafficToTheApiPort() {
        String scenario = "production-values.yaml";
        Map<String, Object> service = find(rendered.get(scenario), "Service");
        Map<String, Object> ingress = find(rendered.get(scenario), "Ingress");
        Map<String, Object> route = find(rendered.get(scenario), "HTTPRoute");
        int apiPort = ((Number) at(serviceConfig, "server.port")).intValue();
        var routeWithoutGateway = HelmChart.template().set("httpRoute.enabled", "true");

        assertThat(at(ingress, "spec.ingressClassName")).isEqualTo("nginx");
        assertThat(at(ingress, "spec.rules.0.http.paths.0.backend.service.name"))
                .isEqualTo(at(service, "metadata.name"));
        assertThat(at(ingress, "spec.rules.0.http.paths.0.backend.service.port.name"))
                .isEqualTo("http");
        assertThat(at(ingress, "spec.tls.0.secretName")).isEqualTo("ringmap-tls");
        assertThat(at(route, "spec.parentRefs.0.name")).isEqualTo("public");
        assertThat(at(route, "spec.rules.0.backendRefs.0.name")).isEqualTo(at(service, "metadata.name"));
        assertThat(at(route, "spec.rules.0.backendRefs.0.port")).isEqualTo(apiPort);
        assertThat(asList(at(service, "spec.ports")))
                .map(HelmChart::asMap)
                .anySatisfy(p -> assertThat(p).containsEntry("name", "http").containsEntry("port", apiPort));
        assertThat(findAll(rendered.get(DEFAULTS), "Ingress")).isEmpty();
        assertThat(findAll(rendered.get(DEFAULTS), "HTTPRoute")).isEmpty();
        assertThatThrownBy(routeWithoutGateway::call).hasMessageContaining("httpRoute.parentRefs");
    }

    @ParameterizedTest
    @MethodSource("scenarioNames")
    void shutdownPausesForEndpointRemovalAndTheGracePeriodCoversSpringsGracefulShutdown(String scenario) {
        Map<String, Object> pod = asMap(at(find(rendered.get(scenario), "Deployment"), "spec.template.spec"));
        List<Object> preStop = asList(at(container(scenario), "lifecycle.preStop.exec.command"));
        int pause = Integer.parseInt((String) preStop.get(1));
        int springShutdown = (int) ApplicationConversionService.getSharedInstance()
                .convert(
                        ApplicationProperties.flatten(serviceConfig)
                                .getOrDefault("spring.lifecycle.timeout-per-shutdown-phase", "30s"),
                        java.time.Duration.class)
                .toSeconds();
        int grace = ((Number) at(pod, "terminationGracePeriodSeconds")).intValue();

        assertThat(at(serviceConfig, "server.shutdown")).isEqualTo("graceful");
        assertThat(preStop.get(0)).isEqualTo("sleep");
        assertThat(pause).isPositive();
        assertThat(grace)
                .as("grace period with headroom over preStop %d s + Spring's shutdown %d s", pause, springShutdown)
                .isGreaterThanOrEqualTo(pause + springShutdown + 10);
    }

    @ParameterizedTest
    @MethodSource("scenarioNames")
    void theDisruptionBudgetNeverBlocksANodeDrain(String scenario) {
        Map<String, Object> deployment = find(rendered.get(scenario), "Deployment");
        Map<String, Object> pdb = asMap(at(find(rendered.get(scenario), "PodDisruptionBudget"), "spec"));
        Object hpa = findAll(rendered.get(scenario), "HorizontalPodAutoscaler").stream()
                .findFirst()
                .map(h -> at(h, "spec.minReplicas"))
                .orElse(null);
        int replicas = ((Number) (hpa != null ? hpa : at(deployment, "spec.replicas"))).intValue();

        // at least one pod may always be evicted, however few replicas run
        int disruptionsAllowed = pdb.containsKey("maxUnavailable")
                ? ((Number) pdb.get("maxUnavailable")).intValue()
                : replicas - ((Number) pdb.get("minAvailable")).intValue();
        assertThat(disruptionsAllowed)
                .as("%s: disruptions allowed with %d replica(s)", scenario, replicas)
                .isPositive();
        assertThat(pdb).containsEntry("unhealthyPodEvictionPolicy", "AlwaysAllow");
        assertThat(pdb.get("selector")).isEqualTo(at(deployment, "spec.selector"));
    }

    @Test
    void aMinAvailableThatWouldBlockDrainsFailsToRender() {
        var blocking = HelmChart.template()
                .set("replicaCount", "1")
                .set("podDisruptionBudget.maxUnavailable", "")
                .set("podDisruptionBudget.minAvailable", "1");
        var fine = HelmChart.template()
                .set("replicaCount", "3")
                .set("podDisruptionBudget.maxUnavailable", "")
                .set("podDisruptionBudget.minAvailable", "2");

        assertThatThrownBy(blocking::call).hasMessageContaining("would block every node drain");
        assertThat(at(find(HelmChart.objects(fine.call()), "PodDisruptionBudget"), "spec.minAvailable"))
                .isEqualTo(2);
    }

    @Test
    void podsPreferDifferentNodesByDefault() {
        Map<String, Object> deployment = find(rendered.get(DEFAULTS), "Deployment");
        Map<String, Object> term = asMap(at(
                deployment,
                "spec.template.spec.affinity.podAntiAffinity"
                        + ".preferredDuringSchedulingIgnoredDuringExecution.0.podAffinityTerm"));
        var hard = HelmChart.template().set("podAntiAffinity", "hard").call();
        var custom = HelmChart.template().set("affinity.nodeAffinity.x", "y").call();

        assertThat(term.get("topologyKey")).isEqualTo("kubernetes.io/hostname");
        assertThat(at(term, "labelSelector.matchLabels")).isEqualTo(at(deployment, "spec.selector.matchLabels"));
        assertThat(asMap(
                        at(find(HelmChart.objects(hard), "Deployment"), "spec.template.spec.affinity.podAntiAffinity")))
                .containsOnlyKeys("requiredDuringSchedulingIgnoredDuringExecution");
        assertThat(asMap(at(find(HelmChart.objects(custom), "Deployment"), "spec.template.spec.affinity")))
                .containsOnlyKeys("nodeAffinity");
    }

    @Test
    void serviceMonitorCarriesAnnotationsHonorLabelsTargetLabelsAndTls() {
        Map<String, Object> monitor = find(rendered.get("production-values.yaml"), "ServiceMonitor");
        Map<String, Object> defaults = find(rendered.get("servicemonitor-values.yaml"), "ServiceMonitor");

        assertThat(at(monitor, "metadata.annotations.owner")).isEqualTo("platform");
        assertThat(at(monitor, "spec.targetLabels")).isEqualTo(List.of("app.kubernetes.io/instance"));
        assertThat(at(monitor, "spec.endpoints.0.honorLabels")).isEqualTo(true);
        assertThat(at(monitor, "spec.endpoints.0.scheme")).isEqualTo("https");
        assertThat(at(monitor, "spec.endpoints.0.tlsConfig.serverName")).isEqualTo("ringmap.ringmap.svc");
        assertThat(at(defaults, "spec.endpoints.0.honorLabels")).isEqualTo(false);
        assertThat(asMap(at(defaults, "spec.endpoints.0"))).doesNotContainKey("tlsConfig");
    }

    @Test
    void helmTestCallsReadinessAndTheApiThroughTheService(@TempDir Path workDir) throws Exception {
        // helm-java's template leaves hooks out, as `helm template --skip-tests` does: render a copy of the chart in
        // which the test pod is an ordinary object
        Path hook = Path.of("templates", "tests", "test-connection.yaml");
        String source = Files.readString(HelmChart.CHART.resolve(hook));
        Path copy = workDir.resolve("ringmap");
        FileSystemUtils.copyRecursively(HelmChart.CHART, copy);
        Files.writeString(copy.resolve(hook), source.replace("helm.sh/hook: test", "helm.sh/hook-was: test"));
        List<Map<String, Object>> objects = HelmChart.objects(new Helm(copy)
                .template()
                .withName(HelmChart.RELEASE)
                .withNamespace(HelmChart.NAMESPACE)
                .withKubeVersion(HelmChart.KUBE_VERSION)
                .set("image.repository", HelmChart.IMAGE_REPOSITORY)
                .call());
        Map<String, Object> test = find(objects, "Pod");
        Map<String, Object> service = find(objects, "Service");
        String script = String.join(
                " ",
                asList(at(test, "spec.containers.0.command")).stream()
                        .map(String::valueOf)
                        .toList());
        String host = (String) at(service, "metadata.name");
        Path testPod = workDir.resolve("test-pod.yaml");
        Files.writeString(testPod, new Yaml().dump(test));

        assertThat(source).contains("helm.sh/hook: test");
        assertThat(script)
                .contains(
                        "http://" + host + ":" + at(serviceConfig, "management.server.port") + probePath("readiness"));
        assertThat(script)
                .contains("http://" + host + "." + HelmChart.NAMESPACE + ".svc.cluster.local:"
                        + at(serviceConfig, "server.port") + "/ring");
        assertThat(at(test, "spec.restartPolicy")).isEqualTo("Never");
        assertThat(at(test, "spec.containers.0.securityContext.readOnlyRootFilesystem"))
                .isEqualTo(true);
        var validation = KubernetesSchemaValidator.validate(List.of(testPod));
        assertThat(validation.exitCode()).as(validation.output()).isZero();
    }

    @Test
    void notesGiveTheInClusterUrl() {
        String notes = notes("production-values.yaml");

        assertThat(notes)
                .contains("http://ringmap.ringmap.svc.cluster.local:" + at(serviceConfig, "server.port"))
                .contains("https://ringmap.example.com/")
                .contains("helm test ringmap");
    }

    @Test
    void everyMetricIsTaggedWithTheConfiguredClusterAndNotesAskForItWhenALiveClusterHasNone() {
        String named = "tls-auth-values.yaml"; // a live cluster, named
        String unnamed = "jwt-jmx-egress-values.yaml"; // a live cluster, not named

        assertThat(at(applicationYaml(named), "ringmap.metrics.cluster")).isEqualTo("orders");
        assertThat(asMap(at(applicationYaml(unnamed), "ringmap"))).doesNotContainKey("metrics");
        assertThat(asMap(at(applicationYaml(DEFAULTS), "ringmap"))).doesNotContainKey("metrics");
        assertThat(notes(unnamed)).contains("cluster=\"unknown\"").contains("config.metrics.cluster");
        assertThat(notes(named)).doesNotContain("cluster=\"unknown\"");
    }

    private static String notes(String scenario) {
        return new Helm(HelmChart.CHART)
                .install()
                .withName(HelmChart.RELEASE)
                .withNamespace(HelmChart.NAMESPACE)
                .withKubeVersion(HelmChart.KUBE_VERSION)
                .dryRun()
                .clientOnly()
                .withValuesFile(HelmChart.CHART.resolve("ci").resolve(scenario))
                .call()
                .getOutput();
    }

    private static Map<String, Object> applicationYaml(String scenario) {
        return new Yaml().load((String) asMap(at(configMap(scenario), "data")).get("application.yaml"));
    }

    /** The NetworkPolicy egress rule that opens the given port. */
    private static Map<String, Object> egressRule(List<Map<String, Object>> objects, int port) {
        return asList(at(find(objects, "NetworkPolicy"), "spec.egress")).stream()
                .map(HelmChart::asMap)
                .filter(rule -> ports(rule).contains(port))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no egress rule for port " + port));
    }

    private static List<Object> ports(Object rule) {
        return asList(at(rule, "ports")).stream().map(p -> asMap(p).get("port")).toList();
    }

    /** The `helm install` commands of a Markdown file's sh blocks, continuation lines joined. */
    private static List<String> helmInstallCommands(String markdown) {
        List<String> commands = new ArrayList<>();
        var blocks = java.util.regex.Pattern.compile("(?s)```sh\\n(.*?)```").matcher(markdown);
        while (blocks.find()) {
            for (String command : blocks.group(1).replace("\\\n", " ").split("\n")) {
                if (command.strip().startsWith("helm install")) {
                    commands.add(command);
                }
            }
        }
        return commands;
    }

    private static String probePath(String group) {
        String additionalPath =
                (String) at(serviceConfig, "management.endpoint.health.group." + group + ".additional-path");
        assertThat(additionalPath).startsWith("management:");
        return additionalPath.substring("management:".length());
    }

    private static Map<String, Object> container(String scenario) {
        return asMap(at(find(rendered.get(scenario), "Deployment"), "spec.template.spec.containers.0"));
    }

    private static Map<String, Object> configMap(String scenario) {
        return findAll(rendered.get(scenario), "ConfigMap").stream()
                .filter(c -> asMap(at(c, "data")).containsKey("application.yaml"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no application.yaml ConfigMap in " + scenario));
    }

    private static int containerPort(Map<String, Object> container, String name) {
        return asList(at(container, "ports")).stream()
                .map(HelmChart::asMap)
                .filter(p -> name.equals(p.get("name")))
                .map(p -> ((Number) p.get("containerPort")).intValue())
                .findFirst()
                .orElseThrow(() -> new AssertionError("no container port named " + name));
    }

    private static Map<String, Object> env(Map<String, Object> container, String name) {
        return asList(at(container, "env")).stream()
                .map(HelmChart::asMap)
                .filter(e -> name.equals(e.get("name")))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no env " + name));
    }

    private static Map<String, Object> volumeMount(Map<String, Object> container, String name) {
        return asList(at(container, "volumeMounts")).stream()
                .map(HelmChart::asMap)
                .filter(m -> name.equals(m.get("name")))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no volume mount " + name));
    }

    private static Map<String, Object> volume(Map<String, Object> deployment, String name) {
        return asList(at(deployment, "spec.template.spec.volumes")).stream()
                .map(HelmChart::asMap)
                .filter(v -> name.equals(v.get("name")))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no volume " + name));
    }
}
