package io.ringmap.hotkeys;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

class HotKeysPurityTest {

    @Test
    void hotKeyCoreImportsNeitherSpringNorMicrometerNorTheDriver() {
        // given
        JavaClasses core = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.ringmap.hotkeys");

        // then
        noClasses().should().dependOnClassesThat().resideInAnyPackage(
                        "org.springframework..", "io.micrometer..", "com.datastax..", "io.ringmap.metrics..",
                        "io.ringmap.web..", "io.ringmap.config..", "io.ringmap.topology..")
                .check(core);
    }
}
