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

/** The chart's peers: a headless Service over the ready pods, and ringmap.peers.dns pointing at it. */
@ResourceLock(HelmChart.LOCK)
class ChartPeersTest {

    @Test
    void theDefaultReleaseFindsItsPodsThroughAHeadlessService() {
        List<Map<String, Object>> objects = HelmChart.objects(HelmChart.template().call());

        Map<String, Object> headless = findAll(objects, "Service").stream().filter(ChartPeersTest::headless)
                .findFirst().orElseThrow();
        String name = (String) at(headless, "metadata.name");
        Map<String, Object> config = applicationYaml(objects);

        assertThat(at(headless, "spec.publishNotReadyAddresses")).isEqualTo(false);
        assertThat(asMap(asList(at(headless, "spec.ports")).get(0))).containsEntry("port", 8081);
        assertThat((String) at(config, "ringmap.peers.dns")).startsWith(name + ".").endsWith(".svc.cluster.local:8081");
    }

    @Test
    void theNameIsAskedAtThePortThePodsManagementServerListensOn() {
        // as PeersDnsIT runs it: every pod at one management port, the name's A records one per ready pod
        List<Map<String, Object>> objects = HelmChart.objects(HelmChart.template()
                .set("service.managementPort", "9091").call());

        Map<String, Object> headless = findAll(objects, "Service").stream().filter(ChartPeersTest::headless)
                .findFirst().orElseThrow();
        List<Object> args = asList(at(findAll(objects, "Deployment").get(0), "spec.template.spec.containers.0.args"));

        assertThat(args).contains("--management.server.port=9091");
        assertThat(args).noneMatch(arg -> String.valueOf(arg).startsWith("--management.server.address"));
        assertThat(asMap(asList(at(headless, "spec.ports")).get(0))).containsEntry("port", 9091);
        assertThat((String) at(applicationYaml(objects), "ringmap.peers.dns")).endsWith(":9091");
    }

    @Test
    void inAnAuthModeThePodsPresentThePeerCredentialOrStayAlone() {
        List<Map<String, Object>> without = HelmChart.objects(HelmChart.template().set("security.mode", "api-key")
                .set("security.apiKeys.existingSecret", "keys").set("config.hotkeys.salt.existingSecret", "salt")
                .call());
        List<Map<String, Object>> with = HelmChart.objects(HelmChart.template().set("security.mode", "api-key")
                .set("security.apiKeys.existingSecret", "keys").set("config.hotkeys.salt.existingSecret", "salt")
                .set("peers.credential.existingSecret", "peer-credential").call());

        assertThat(asMap(at(applicationYaml(without), "ringmap"))).doesNotContainKey("peers");
        assertThat(findAll(without, "Service")).noneMatch(ChartPeersTest::headless);
        assertThat(asMap(at(applicationYaml(with), "ringmap"))).containsKey("peers");
        assertThat(asList(at(findAll(with, "Deployment").get(0), "spec.template.spec.containers.0.env")).stream()
                .map(HelmChart::asMap).filter(e -> "RINGMAP_PEERS_CREDENTIAL".equals(e.get("name"))).findFirst()
                .orElseThrow()).extracting(e -> at(e, "valueFrom.secretKeyRef.name")).isEqualTo("peer-credential");
    }

    private static boolean headless(Map<String, Object> service) {
        return "None".equals(asMap(at(service, "spec")).get("clusterIP"));
    }

    private static Map<String, Object> applicationYaml(List<Map<String, Object>> objects) {
        Map<String, Object> configMap = findAll(objects, "ConfigMap").stream()
                .filter(c -> asMap(at(c, "data")).containsKey("application.yaml")).findFirst().orElseThrow();
        return new Yaml().load((String) asMap(at(configMap, "data")).get("application.yaml"));
    }
}
