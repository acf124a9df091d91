package io.ringmap.buildinfo;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * {@value #BUILD_INFO}: always 1, labelled with the running version, the commit it was built from and the Java
 * runtime, so dashboards and alerts can tell releases apart (e.g. {@code count by (version) (ringmap_build_info)}).
 */
public final class BuildInfoMetrics implements MeterBinder {

    public static final String BUILD_INFO = "ringmap.build.info";
    static final String UNKNOWN = "unknown";

    private final String version;
    private final String commit;
    private final String java;

    /** Nulls (no build-info.properties or git.properties on the classpath) become {@value #UNKNOWN}. */
    public BuildInfoMetrics(String version, String commit, String java) {
        this.version = version == null || version.isBlank() ? UNKNOWN : version;
        this.commit = commit == null || commit.isBlank() ? UNKNOWN : commit;
        this.java = java == null || java.isBlank() ? UNKNOWN : java;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder(BUILD_INFO, () -> 1)
                .tag("version", version)
                .tag("commit", commit)
                .tag("java", java)
                .description("Version, commit and Java runtime of this ringmap (always 1)")
                .register(registry);
    }
}
