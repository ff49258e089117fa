package dev.bundlectl.architecture;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static org.assertj.core.api.Assertions.assertThat;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module and package rules of docs/architecture.md, checked on the compiled main classes of every
 * module the CLI is built from. Maven already stops a module from importing one it does not depend
 * on; these rules say which dependencies are allowed at all, so that adding one to a POM is a
 * visible decision rather than a quiet drift.
 */
class ArchitectureTest {

    private static JavaClasses mainClasses;

    /** Main classes only: test-jars of other modules are on this classpath too. */
    private static final ImportOption MAIN_ONLY = (Location location) ->
            !location.contains("/test-classes/") && !location.contains("-tests.jar");

    @BeforeAll
    static void importMainClasses() {
        mainClasses = new ClassFileImporter().withImportOption(MAIN_ONLY).importPackages("dev.bundlectl");
    }

    @Test
    void everyModuleIsImported() {
        // A rule over classes that were never imported would pass vacuously.
        for (String entryPoint : new String[] {"dev.bundlectl.bundle.read.BundleReader",
                "dev.bundlectl.crdschema.SchemaValidator", "dev.bundlectl.render.CsvRenderer",
                "dev.bundlectl.plan.InstallPlanner", "dev.bundlectl.cluster.connect.ClusterConnection",
                "dev.bundlectl.executor.PlanApplier", "dev.bundlectl.cli.Main"}) {
            assertThat(mainClasses.contain(entryPoint)).as(entryPoint).isTrue();
        }
        assertThat(mainClasses.stream().filter(c -> c.getSource().map(s -> s.getUri().toString())
                .filter(uri -> uri.contains("test-classes") || uri.contains("-tests.jar")).isPresent()))
                .as("test classes").isEmpty();
    }

    @Test
    void modulesDependOnlyTowardBundleReader() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .withOptionalLayers(true)
                .layer("bundle-reader").definedBy("dev.bundlectl.bundle..")
                .layer("crd-schema").definedBy("dev.bundlectl.crdschema..")
                .layer("csv-render").definedBy("dev.bundlectl.render..")
                .layer("bundle-source").definedBy("dev.bundlectl.source..")
                .layer("installplan").definedBy("dev.bundlectl.plan..")
                .layer("cluster-client").definedBy("dev.bundlectl.cluster..")
                .layer("step-executor").definedBy("dev.bundlectl.executor..")
                .layer("controller").definedBy("dev.bundlectl.controller..")
                .layer("cli").definedBy("dev.bundlectl.cli..")
                .whereLayer("cli").mayNotBeAccessedByAnyLayer()
                .whereLayer("controller").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("step-executor").mayOnlyBeAccessedByLayers("controller", "cli")
                .whereLayer("cluster-client").mayOnlyBeAccessedByLayers("step-executor", "controller", "cli")
                .whereLayer("installplan").mayOnlyBeAccessedByLayers("cluster-client", "step-executor", "controller", "cli")
                .whereLayer("bundle-source").mayOnlyBeAccessedByLayers("step-executor", "controller", "cli")
                .whereLayer("csv-render").mayOnlyBeAccessedByLayers("installplan", "step-executor", "controller", "cli")
                .whereLayer("crd-schema").mayOnlyBeAccessedByLayers("installplan", "step-executor", "controller", "cli")
                .whereLayer("crd-schema").mayNotAccessAnyLayer()
                .whereLayer("bundle-reader").mayNotAccessAnyLayer()
                .whereLayer("csv-render").mayOnlyAccessLayers("bundle-reader")
                .whereLayer("bundle-source").mayOnlyAccessLayers("bundle-reader")
                .whereLayer("installplan").mayOnlyAccessLayers("bundle-reader", "crd-schema", "csv-render")
                .whereLayer("cluster-client").mayOnlyAccessLayers("bundle-reader", "installplan")
                .check(mainClasses);
    }

    @Test
    void theClusterClientUsesOnlyThePlansApiModelAndErrorsAndTheYamlReader() {
        noClasses().that().resideInAPackage("dev.bundlectl.cluster..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.bundlectl.plan", "dev.bundlectl.plan.model..",
                        "dev.bundlectl.plan.capability..", "dev.bundlectl.plan.payload..", "dev.bundlectl.plan.convert..",
                        "dev.bundlectl.plan.objects..", "dev.bundlectl.plan.output..", "dev.bundlectl.plan.review..",
                        "dev.bundlectl.plan.prune..", "dev.bundlectl.plan.upgrade..", "dev.bundlectl.plan.olm..",
                        "dev.bundlectl.bundle.read..", "dev.bundlectl.bundle.metadata..")
                .because("reaching a cluster is below planning: the client knows API kinds and error classes, "
                        + "not plans or bundles")
                .check(mainClasses);
    }

    @Test
    void noPackageCycles() {
        slices().matching("dev.bundlectl.(**)").should().beFreeOfCycles().check(mainClasses);
    }

    @Test
    void pureModulesNeverTalkToACluster() {
        noClasses().that().resideInAnyPackage("dev.bundlectl.bundle..", "dev.bundlectl.crdschema..",
                        "dev.bundlectl.render..", "dev.bundlectl.plan..")
                .should().dependOnClassesThat().resideInAnyPackage("io.fabric8..", "io.vertx..", "io.netty..")
                .because("reading, rendering and planning are pure logic: a plan needs no cluster")
                .check(mainClasses);
    }

    @Test
    void thePlanDocumentDependsOnNothingElseOfThePlanner() {
        noClasses().that().resideInAPackage("dev.bundlectl.plan.model..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.bundlectl.plan", "dev.bundlectl.plan.api..",
                        "dev.bundlectl.plan.capability..", "dev.bundlectl.plan.payload..", "dev.bundlectl.plan.convert..",
                        "dev.bundlectl.plan.objects..", "dev.bundlectl.plan.output..", "dev.bundlectl.plan.review..",
                        "dev.bundlectl.plan.errors..", "dev.bundlectl.plan.prune..")
                .because("every later stage reads the plan document; it must not pull the planner along")
                .check(mainClasses);
    }

    @Test
    void onlyTheCliPrintsOrExits() {
        noClasses().that().resideOutsideOfPackage("dev.bundlectl.cli..")
                .should().callMethod(System.class, "exit", int.class)
                .because("libraries report outcomes; only the command line decides the exit status")
                .check(mainClasses);
    }

    @Test
    void theCliAndTheControllerInstallOnlyThroughTheOneOrdering() {
        // docs/architecture.md, "One install ordering": neither driver orders an install its own way.
        noClasses().that().resideInAnyPackage("dev.bundlectl.cli..", "dev.bundlectl.controller..")
                .should().dependOnClassesThat().haveFullyQualifiedName("dev.bundlectl.executor.install.InstallSession")
                .orShould().dependOnClassesThat()
                .haveFullyQualifiedName("dev.bundlectl.executor.install.NewVersionRunning")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("dev.bundlectl.executor.install.InstallLock")
                .because("plan, preflight, lock, apply, record and wait are ordered once, by InstallPipeline")
                .check(mainClasses);
        for (String driver : new String[] {"dev.bundlectl.cli.PlanInstall", "dev.bundlectl.cli.Planning",
                "dev.bundlectl.controller.pipeline.PipelineInstaller"}) {
            assertThat(mainClasses.get(driver).getDirectDependenciesFromSelf())
                    .as(driver + " installs or plans through InstallPipeline")
                    .anySatisfy(dependency -> assertThat(dependency.getTargetClass().getName())
                            .isEqualTo("dev.bundlectl.executor.pipeline.InstallPipeline"));
        }
    }
}
