package io.ringmap.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.ringmap.hits.metrics.ReportedHits;
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

/** Keeps the domain core pure and the layering honest. */
@AnalyzeClasses(packages = "io.ringmap", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    /** The pure core; for hot keys only the core package itself, not its adapters beside it (web, metrics, ...). */
    private static final String[] CORE = {
        "io.ringmap.token..",
        "io.ringmap.ring..",
        "io.ringmap.replication..",
        "io.ringmap.splits..",
        "io.ringmap.hotkeys",
        "io.ringmap.availability",
        "io.ringmap.consistency",
        "io.ringmap.planning",
        "io.ringmap.problem",
        "io.ringmap.ranges",
        "io.ringmap.cql",
        "io.ringmap.sizes",
        "io.ringmap.heatmap",
        "io.ringmap.peers",
        "io.ringmap.pending",
        "io.ringmap.restart"
    };

    /** Adapters: every concept's HTTP, configuration, metrics and cluster-reading edges, and the shared ones. */
    private static final String[] ADAPTERS = {
        "io.ringmap..web..",
        "io.ringmap..config..",
        "io.ringmap..metrics..",
        "io.ringmap..cluster..",
        "io.ringmap.caching..",
        "io.ringmap.security.."
    };

    /** The libraries an adapter may use besides the JDK: Spring, servlet, validation, OpenAPI, JSON, metrics. */
    private static final String[] ADAPTER_LIBRARIES = {
        "java..",
        "javax.management..",
        "jakarta.servlet..",
        "jakarta.validation..",
        "jakarta.annotation..",
        "org.springframework..",
        "org.springdoc..",
        "io.swagger..",
        "tools.jackson..",
        "com.fasterxml.jackson.annotation..",
        "io.micrometer..",
        "org.slf4j..",
        "org.apache.catalina..",
        "org.apache.coyote..",
        "org.apache.tomcat..",
        "javax.rmi.ssl..",
        "com.datastax.oss.driver.api..",
        "io.ringmap.."
    };

    @ArchTest
    static final ArchRule coreImportsNeitherSpringNorTheDriver = noClasses()
            .that()
            .resideInAnyPackage(CORE)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "org.springframework..",
                    "com.datastax..",
                    "io.micrometer..",
                    "jakarta.servlet..",
                    "tools.jackson..",
                    "com.fasterxml.jackson..")
            .as(
                    "token, ring, replication, splits, ranges, cql, problem and the core packages of hotkeys, sizes, "
                            + "availability and planning import neither Spring, the servlet API, the driver, Jackson nor Micrometer");

    @ArchTest
    static final ArchRule coreDoesNotReachOutward = noClasses()
            .that()
            .resideInAnyPackage(CORE)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.ringmap.web..",
                    "io.ringmap.topology..",
                    "io.ringmap.routing..",
                    "io.ringmap.schema..",
                    "io.ringmap.snapshot..",
                    "io.ringmap..web..",
                    "io.ringmap..service..",
                    "io.ringmap..config..",
                    "io.ringmap..metrics..",
                    "io.ringmap..cluster..",
                    "io.ringmap..client..")
            .as("the core depends on nothing outside it: not on adapters, services, the schema or the snapshot");

    /** Settings come from typed properties records, one per concept (or Spring Boot's own), never one key at a time. */
    @ArchTest
    static final ArchRule settingsAreTypedProperties = noClasses()
            .should()
            .dependOnClassesThat()
            .haveFullyQualifiedName("org.springframework.beans.factory.annotation.Value")
            .as("no @Value: configuration is read through @ConfigurationProperties records");

    @ArchTest
    static final ArchRule nobodyUsesDriverInternals =
            noClasses().should().dependOnClassesThat().resideInAnyPackage("com.datastax.oss.driver.internal..");

    /**
     * The sizes collector is the one other reader of the live cluster: it addresses statements to each node
     * ({@code Statement.setNode}) through the topology source's session, which no other code gets.
     */
    @ArchTest
    static final ArchRule onlyTopologyTalksToALiveCluster = noClasses()
            .that()
            .resideOutsideOfPackages(
                    "io.ringmap.topology..",
                    "io.ringmap.config..",
                    "io.ringmap.sizes.cluster..",
                    "io.ringmap.restart.cluster..")
            .should()
            .dependOnClassesThat()
            .haveFullyQualifiedName("com.datastax.oss.driver.api.core.CqlSession")
            .as("only topology (and the sizes collector and the restart guide's views, which query every node "
                    + "themselves) use the live session");

    /**
     * A service answers in domain values and in problems of the catalog ({@code io.ringmap.problem}), never in web
     * types: its callers are not only controllers (other services, peers, schedulers).
     */
    @ArchTest
    static final ArchRule servicesDoNotDependOnTheWebLayer = noClasses()
            .that()
            .resideInAnyPackage(
                    "io.ringmap..service..",
                    "io.ringmap.routing",
                    "io.ringmap.schema",
                    "io.ringmap.snapshot",
                    "io.ringmap.topology..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.ringmap.web..", "io.ringmap..web..")
            .as("services (every concept's service package, routing, schema, snapshot, topology) depend on no web "
                    + "package: they throw the catalog's problems");

    @ArchTest
    static final ArchRule sizesCoreIsPure = noClasses()
            .that()
            .resideInAPackage("io.ringmap.sizes")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "org.springframework..",
                    "com.datastax..",
                    "io.micrometer..",
                    "jakarta.servlet..",
                    "tools.jackson..",
                    "io.ringmap.web..",
                    "io.ringmap.topology..",
                    "io.ringmap.schema..",
                    "io.ringmap.routing..",
                    "io.ringmap.config..",
                    "io.ringmap.snapshot..")
            .as("the sizes core (records, merge rules, guideline, load analysis) imports no adapter");

    @ArchTest
    static final ArchRule sourcesPublishWithoutReadingTheServedSnapshot = noClasses()
            .that()
            .resideInAPackage("io.ringmap.topology..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.ringmap.snapshot..")
            .as("topology sources publish through TopologyPublisher; only the snapshot package holds what is served");

    /** Adapters use the JDK, the web/metrics/configuration libraries and ringmap: nothing else is on their list. */
    @ArchTest
    static final ArchRule adaptersUseOnlyTheAllowedLibraries = classes()
            .that()
            .resideInAnyPackage(ADAPTERS)
            .should()
            .onlyDependOnClassesThat()
            .resideInAnyPackage(ADAPTER_LIBRARIES)
            .as("adapters (web, config, metrics, cluster, caching, security) use only the JDK, Spring, servlet, "
                    + "validation, OpenAPI, Jackson, Micrometer, SLF4J, Tomcat, the driver's public API and ringmap");

    /**
     * Web packages answer from services and the values those return; what ringmap packages they may use is a list:
     * services, the value types of the core (tokens, ranges, replica sets, nodes, the served snapshot, table
     * schemas, splits, hot keys, sizes, verdicts), problems, configuration properties, the shared web package, and
     * the counters of what the endpoints themselves receive ({@code ReportedHits}, counted by {@code POST /hits}).
     * Topology, replication strategies, the other metrics and the cluster readers are not on it.
     */
    @ArchTest
    static final ArchRule webUsesAnAllowList = classes()
            .that()
            .resideInAnyPackage("io.ringmap.web..", "io.ringmap..web..")
            .should()
            .onlyDependOnClassesThat(resideOutsideOfPackage("io.ringmap..")
                    .or(resideInAnyPackage(
                                    "io.ringmap.web..",
                                    "io.ringmap..web..",
                                    "io.ringmap.routing",
                                    "io.ringmap..service..",
                                    "io.ringmap.token",
                                    "io.ringmap.ring",
                                    "io.ringmap.splits",
                                    "io.ringmap.schema",
                                    "io.ringmap.snapshot",
                                    "io.ringmap.hotkeys",
                                    "io.ringmap.heatmap",
                                    "io.ringmap.sizes",
                                    "io.ringmap.availability",
                                    "io.ringmap.consistency",
                                    "io.ringmap.hits",
                                    "io.ringmap.planning",
                                    "io.ringmap.ranges",
                                    "io.ringmap.cql",
                                    "io.ringmap.problem",
                                    "io.ringmap.pending",
                                    "io.ringmap.restart",
                                    "io.ringmap.caching",
                                    "io.ringmap.config",
                                    "io.ringmap..config..",
                                    "io.ringmap.peers",
                                    "io.ringmap.streams")
                            // the console tells its page how callers authenticate
                            .or(belongToAnyOf(ReportedHits.class, io.ringmap.security.SecurityProperties.class))))
            .as("web packages use services, core values, problems, configuration properties and shared web code");

    /**
     * Within the allowed packages, the machinery that computes answers stays behind the services, so a controller
     * cannot redo a service's work. Exceptions are exempt: the problem handler maps every kind to its problem type.
     */
    @ArchTest
    static final ArchRule controllersReachTheCoreOnlyThroughServices = noClasses()
            .that()
            .resideInAnyPackage("io.ringmap.web..", "io.ringmap..web..")
            .should()
            .dependOnClassesThat(not(assignableTo(Throwable.class))
                    .and(belongToAnyOf(
                            SnapshotHolder.class,
                            Splitter.class,
                            PartitionKeyParser.class,
                            CqlTypeParser.class,
                            KeyValueCodec.class,
                            Partitioners.class,
                            HotKeyRegistry.class,
                            TableTracker.class,
                            ReplicaHits.class,
                            KeyLabels.class,
                            io.ringmap.heatmap.HeatmapRegistry.class)))
            .as("placement, splitting, key parsing, schema reading, the snapshot holder and the hot-key registry "
                    + "stay behind RoutingService and HotKeyQuery; controllers map the values those return");

    /** The features: each owns a question family, its exchange with the peers included. */
    private static final String[] FEATURES = {
        "io.ringmap.routing..",
        "io.ringmap.hotkeys..",
        "io.ringmap.heatmap..",
        "io.ringmap.sizes..",
        "io.ringmap.planning..",
        "io.ringmap.availability..",
        "io.ringmap.ranges..",
        "io.ringmap.streams..",
        "io.ringmap.console..",
        "io.ringmap.security..",
        "io.ringmap.hits.."
    };

    /**
     * The top-level packages stand on floors: none imports another that imports it back, directly or around a
     * circle, so no arrow runs back up. The rule on every package below cannot see this: {@code web} importing
     * {@code routing} while {@code routing.web} imports {@code web} is no cycle between those slices.
     */
    @ArchTest
    static final ArchRule topLevelPackagesHaveNoCycles = slices().matching("io.ringmap.(*)..")
            .should()
            .beFreeOfCycles()
            .as("no two top-level packages import each other, directly or around a circle");

    /**
     * The peer channel is transport: the directory, the signed client, the fan-out with its deadline, the endpoint
     * that serves the parts. What each feature sends, and how it checks and merges what it gets, is the feature's.
     */
    @ArchTest
    static final ArchRule peersKnowNoFeature = noClasses()
            .that()
            .resideInAPackage("io.ringmap.peers..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(FEATURES)
            .as("peers carries bytes and deadlines and imports no feature");

    /** The shared web code (problem rendering, key JSON, OpenAPI) serves every endpoint and knows none of them. */
    @ArchTest
    static final ArchRule sharedWebKnowsNoFeature = noClasses()
            .that()
            .resideInAPackage("io.ringmap.web..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(FEATURES)
            .as("web holds only what every endpoint shares and imports no feature");

    /**
     * Every package is its own slice (not only the top-level ones), so a concept's adapters cannot import each other
     * in a circle either ({@code sizes.web} and {@code sizes.service}, {@code web} and {@code web.errors}).
     */
    @ArchTest
    static final ArchRule packagesHaveNoCycles =
            slices().matching("io.ringmap.(**)").should().beFreeOfCycles();
}
