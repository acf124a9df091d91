package io.ringmap.packaging;

import static io.ringmap.packaging.HelmChart.asList;
import static io.ringmap.packaging.HelmChart.asMap;
import static io.ringmap.packaging.HelmChart.at;
import static io.ringmap.packaging.HelmChart.findAll;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.yaml.snakeyaml.Yaml;

/**
 * The chart's peers: a headless Service over the ready pods, ringmap.peers.dns pointing at it, the peer secret, and
 * https between the pods from a cert-manager Secret, or plain http only when allowed.
 */
@ResourceLock(HelmChart.LOCK)
class ChartPeersTest {

    @Test
    void aReleaseWithAPeerSecretFindsItsPodsThroughAHeadlessService() {
        List<Map<String, Object>> objects = HelmChart.objects(HelmChart.template()
                .set("peers.secret.existingSecret", "peer-secret")
                .set("peers.allowPlainHttp", "true")
                .call());

        Map<String, Object> headless = findAll(objects, "Service").stream()
                .filter(ChartPeersTest::headless)
                .findFirst()
                .orElseThrow();
        String name = (String) at(headless, "metadata.name");
        Map<String, Object> config = applicationYaml(objects);

        assertThat(at(headless, "spec.publishNotReadyAddresses")).isEqualTo(false);
        assertThat(asMap(asList(at(headless, "spec.ports")).get(0))).containsEntry("port", 8081);
        assertThat((String) at(config, "ringmap.peers.dns"))
                .startsWith(name + ".")
                .endsWith(".svc.cluster.local:8081");
        assertThat(at(config, "ringmap.peers.allow-plain-http")).isEqualTo(true);
        assertThat(asList(at(findAll(objects, "Deployment").get(0), "spec.template.spec.containers.0.env")).stream()
                        .map(HelmChart::asMap)
                        .filter(e -> "RINGMAP_PEERS_SECRET".equals(e.get("name")))
                        .findFirst()
                        .orElseThrow())
                .extracting(e -> at(e, "valueFrom.secretKeyRef.name"))
                .isEqualTo("peer-secret");
    }

    @Test
    void theNameIsAskedAtThePortThePodsManagementServerListensOn() {
        // as PeersDnsIT runs it: every pod at one management port, the name's A records one per ready pod
        List<Map<String, Object>> objects = HelmChart.objects(HelmChart.template()
                .set("peers.secret.existingSecret", "peer-secret")
                .set("peers.allowPlainHttp", "true")
                .set("service.managementPort", "9091")
                .call());

        Map<String, Object> headless = findAll(objects, "Service").stream()
                .filter(ChartPeersTest::headless)
                .findFirst()
                .orElseThrow();
        List<Object> args = asList(at(findAll(objects, "Deployment").get(0), "spec.template.spec.containers.0.args"));

        assertThat(args).contains("--management.server.port=9091");
        assertThat(args).noneMatch(arg -> String.valueOf(arg).startsWith("--management.server.address"));
        assertThat(asMap(asList(at(headless, "spec.ports")).get(0))).containsEntry("port", 9091);
        assertThat((String) at(applicationYaml(objects), "ringmap.peers.dns")).endsWith(":9091");
    }

    @Test
    void withoutAPeerSecretOrAWayToTalkThePodsStayAlone() {
        List<Map<String, Object>> defaults =
                HelmChart.objects(HelmChart.template().call());
        List<Map<String, Object>> plainNotAllowed = HelmChart.objects(HelmChart.template()
                .set("peers.secret.existingSecret", "peer-secret")
                .call());

        for (List<Map<String, Object>> alone : List.of(defaults, plainNotAllowed)) {
            assertThat(asMap(at(applicationYaml(alone), "ringmap"))).doesNotContainKey("peers");
            assertThat(findAll(alone, "Service")).noneMatch(ChartPeersTest::headless);
        }
    }

    @Test
    void withACertManagerSecretThePodsServeAndAskOverHttps() {
        List<Map<String, Object>> objects = HelmChart.objects(HelmChart.template()
                .set("peers.secret.existingSecret", "peer-secret")
                .set("peers.tls.existingSecret", "peers-tls")
                .set("networkPolicy.enabled", "true")
                .call());
        Map<String, Object> config = applicationYaml(objects);
        Map<String, Object> pod = asMap(at(findAll(objects, "Deployment").get(0), "spec.template.spec"));
        List<Object> args = asList(at(pod, "containers.0.args"));

        assertThat(at(config, "ringmap.peers.tls.bundle")).isEqualTo("peers");
        assertThat((String) at(config, "ringmap.peers.tls.server-name")).endsWith("-peers.ringmap.svc");
        assertThat(asMap(at(config, "ringmap.peers"))).doesNotContainKey("allow-plain-http");
        assertThat(args)
                .contains(
                        "--management.server.ssl.bundle=peers",
                        "--spring.ssl.bundle.pem.peers.keystore.certificate=file:/etc/ringmap/peers-tls/tls.crt",
                        "--spring.ssl.bundle.pem.peers.keystore.private-key=file:/etc/ringmap/peers-tls/tls.key",
                        "--spring.ssl.bundle.pem.peers.truststore.certificate=file:/etc/ringmap/peers-tls/ca.crt");
        assertThat(at(pod, "containers.0.readinessProbe.httpGet.scheme")).isEqualTo("HTTPS");
        assertThat(asList(at(pod, "volumes")).stream()
                        .map(HelmChart::asMap)
                        .filter(v -> "peers-tls".equals(v.get("name")))
                        .findFirst()
                        .orElseThrow())
                .extracting(v -> at(v, "secret.secretName"))
                .isEqualTo("peers-tls");
    }

    @Test
    void theNetworkPolicyAdmitsOnlyTheReleasesPodsAndTheScraperToTheManagementPort() {
        Map<String, Object> scraper =
                Map.of("namespaceSelector", Map.of("matchLabels", Map.of("kubernetes.io/metadata.name", "monitoring")));
        List<Map<String, Object>> objects = HelmChart.objects(HelmChart.template()
                .set("networkPolicy.enabled", "true")
                .set(
                        "networkPolicy.metricsFrom[0].namespaceSelector.matchLabels.kubernetes\\.io/metadata\\.name",
                        "monitoring")
                .call());
        Map<String, Object> deployment = findAll(objects, "Deployment").get(0);

        Map<String, Object> management = asList(
                        at(findAll(objects, "NetworkPolicy").get(0), "spec.ingress"))
                .stream()
                .map(HelmChart::asMap)
                .filter(r -> "management".equals(at(r, "ports.0.port")))
                .findFirst()
                .orElseThrow();

        assertThat(asList(management.get("from")))
                .containsExactly(
                        Map.of("podSelector", Map.of("matchLabels", at(deployment, "spec.selector.matchLabels"))),
                        scraper);
    }

    private static boolean headless(Map<String, Object> service) {
        return "None".equals(asMap(at(service, "spec")).get("clusterIP"));
    }

    private static Map<String, Object> applicationYaml(List<Map<String, Object>> objects) {
        Map<String, Object> configMap = findAll(objects, "ConfigMap").stream()
                .filter(c -> asMap(at(c, "data")).containsKey("application.yaml"))
                .findFirst()
                .orElseThrow();
        return new Yaml().load((String) asMap(at(configMap, "data")).get("application.yaml"));
    }
}
