package io.ringmap.metrics;

import io.ringmap.testsupport.NodeScript;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs src/test/grafana/validate.mjs (node, with the @grafana/schema pinned in package-lock.json) on dashboard
 * files, installed into target/grafana-validate by {@link NodeScript}.
 */
final class GrafanaDashboardValidator {

    private static final NodeScript SCRIPT = new NodeScript("grafana", "@grafana/schema", 180);

    private GrafanaDashboardValidator() {}

    static NodeScript.Result validate(List<Path> dashboards) throws IOException, InterruptedException {
        return SCRIPT.validate(dashboards);
    }
}
