package io.ringmap.buildinfo;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.info.BuildProperties;
import org.springframework.boot.info.GitProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The build's version and commit as a meter. */
@Configuration(proxyBeanMethods = false)
public class BuildInfoConfiguration {
    /** ringmap_build_info from META-INF/build-info.properties and git.properties, where the build wrote them. */
    @Bean
    BuildInfoMetrics buildInfoMetrics(ObjectProvider<BuildProperties> build, ObjectProvider<GitProperties> git) {
        BuildProperties b = build.getIfAvailable();
        GitProperties g = git.getIfAvailable();
        return new BuildInfoMetrics(
                b == null ? null : b.getVersion(),
                g == null ? null : g.getShortCommitId(),
                Runtime.version().toString());
    }
}
