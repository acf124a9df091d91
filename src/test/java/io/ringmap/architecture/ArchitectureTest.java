package io.ringmap.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.KeyLabels;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.hotkeys.TableTracker;
import io.ringmap.schema.CqlTypeParser;
import io.ringmap.schema.KeyValueCodec;
import io.ringmap.schema.PartitionKeyParser;
import io.ringmap.snapshot.SnapshotHolder;
import io.ringmap.splits.Splitter;
import io.ringmap.token.Partitioners;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** Keeps the domain core pure and the layering honest. */
@AnalyzeClasses(packages = "io.ringmap", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    /** The pure core; for hot keys only the core package itself, not its adapters beside it (web, metrics, ...). */
    private static final String[] CORE = {"io.ringmap.token..", "io.ringmap.ring..", "io.ringmap.replication..",
        "io.ringmap.splits..", "io.ringmap.hotkeys", "io.ringmap.availability", "io.ringmap.planning",
        "io.ringmap.problem", "io.ringmap.pending"};

    @ArchTest
    static final ArchRule coreImportsNeitherSpringNorTheDriver = noClasses().that().resideInAnyPackage(CORE)
            .should().dependOnClassesThat().resideInAnyPackage("org.springframework..", "com.datastax..",
                    "io.micrometer..", "jakarta.servlet..", "tools.jackson..", "com.fasterxml.jackson..")
            .as("token, ring, replication, splits, and the core packages of hotkeys, availability and planning import "
                    + "neither Spring, the driver nor Micrometer");

    @ArchTest
    static final ArchRule coreDoesNotReachOutward = noClasses().that().resideInAnyPackage(CORE)
            .should().dependOnClassesThat().resideInAnyPackage("io.ringmap.web..", "io.ringmap.topology..",
                    "io.ringmap.routing..", "io.ringmap.config..", "io.ringmap.schema..", "io.ringmap.snapshot..",
                    "io.ringmap.hotkeys.web..", "io.ringmap.hotkeys.metrics..", "io.ringmap.hotkeys.routing..",
                    "io.ringmap.hotkeys.config..", "io.ringmap.availability.web..", "io.ringmap.planning.web..")
            .as("the core depends on nothing outside it: not on adapters, services, the schema or the snapshot");

    @ArchTest
    static final ArchRule nobodyUsesDriverInternals = noClasses().should().dependOnClassesThat()
            .resideInAnyPackage("com.datastax.oss.driver.internal..");

    /**
     * The sizes collector is the one other reader of the live cluster: it addresses statements to each node
     * ({@code Statement.setNode}) through the topology source's session, which no other code gets.
     */
    @ArchTest
    static final ArchRule onlyTopologyTalksToALiveCluster = noClasses().that()
            .resideOutsideOfPackages("io.ringmap.topology..", "io.ringmap.config..", "io.ringmap.sizes.cluster..")
            .should().dependOnClassesThat().haveFullyQualifiedName("com.datastax.oss.driver.api.core.CqlSession")
            .as("only topology (and the sizes collector, which queries every node itself) use the live session");

    @ArchTest
    static final ArchRule sizesCoreIsPure = noClasses().that().resideInAPackage("io.ringmap.sizes")
            .should().dependOnClassesThat().resideInAnyPackage("org.springframework..", "com.datastax..",
                    "io.micrometer..", "jakarta.servlet..", "tools.jackson..", "io.ringmap.web..",
                    "io.ringmap.topology..", "io.ringmap.schema..", "io.ringmap.routing..", "io.ringmap.config..",
                    "io.ringmap.snapshot..")
            .as("the sizes core (records, merge rules, guideline, load analysis) imports no adapter");

    @ArchTest
    static final ArchRule sourcesPublishWithoutReadingTheServedSnapshot = noClasses()
            .that().resideInAPackage("io.ringmap.topology..")
            .should().dependOnClassesThat().resideInAPackage("io.ringmap.snapshot..")
            .as("topology sources publish through TopologyPublisher; only the snapshot package holds what is served");

    /**
     * Web packages (io.ringmap.web and every concept's web subpackage) call services ({@code RoutingService},
     * {@code HotKeyQuery}) and map the value types those return (tokens, ranges, replica sets, nodes, the served
     * snapshot, table schemas, splits, hot keys) to response records; the machinery that computes answers stays
     * behind the services, so a controller cannot redo a service's work. Exceptions are exempt: the problem handler
     * maps every kind to its problem type.
     */
    @ArchTest
    static final ArchRule controllersReachTheCoreOnlyThroughServices = noClasses().that()
            .resideInAnyPackage("io.ringmap.web..", "io.ringmap..web..")
            .should().dependOnClassesThat(not(assignableTo(Throwable.class)).and(
                    resideInAnyPackage("io.ringmap.replication..", "io.ringmap.topology..")
                    .or(belongToAnyOf(SnapshotHolder.class, Splitter.class, PartitionKeyParser.class,
                            CqlTypeParser.class, KeyValueCodec.class, Partitioners.class, HotKeyRegistry.class,
                            TableTracker.class, ReplicaHits.class, KeyLabels.class))))
            .as("web reaches the core only through the services: placement, splitting, key parsing, schema "
                    + "reading, the snapshot holder and the hot-key registry stay behind RoutingService and "
                    + "HotKeyQuery; controllers map the values those return");

    @ArchTest
    static final ArchRule packagesHaveNoCycles = slices().matching("io.ringmap.(*)..").should().beFreeOfCycles();
}
