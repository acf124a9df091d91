package io.ringmap.packaging;

import io.ringmap.testsupport.NodeScript;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs src/test/k8s/validate.mjs (node, with the pinned kubernetes-models from package-lock.json) on rendered
 * manifests, installed into target/k8s-validate by {@link NodeScript}.
 */
final class KubernetesSchemaValidator {

    private static final NodeScript SCRIPT = new NodeScript("k8s", "@kubernetes-models/prometheus-operator", 120);

    private KubernetesSchemaValidator() {}

    static NodeScript.Result validate(List<Path> manifests) throws IOException, InterruptedException {
        return SCRIPT.validate(manifests);
    }
}
