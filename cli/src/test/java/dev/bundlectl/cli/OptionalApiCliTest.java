package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --optional-api GROUP[/KIND]} on {@code plan} and {@code install}, with the sample bundle
 * as real bundles ship monitoring objects: not marked optional. Offline plans use the default
 * surface, installs fabric8's mock server; neither serves {@code monitoring.coreos.com} or
 * {@code autoscaling.k8s.io}.
 */
class OptionalApiCliTest {

    private static final String MONITORING = "monitoring.coreos.com";
    private static final String AUTOSCALING = "autoscaling.k8s.io";
    /** Groups in the order of their first blocking step: the PrometheusRule comes before the VPA. */
    private static final String HINT = "pass --optional-api monitoring.coreos.com --optional-api autoscaling.k8s.io "
            + "to install without them";

    @Nested
    class Plan {

        @Test
        void withoutTheFlagThePlanFailsAndSuggestsItWithTheExactGroups(@TempDir Path dir) {
            Path bundle = SampleCopies.unmarked(dir.resolve("bundle"));

            CliRun plan = CliRun.of("plan", bundle.toString(), "-n", "demo");

            assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(ExitCode.PLAN_FAILED);
            assertThat(plan.out()).containsPattern("ServiceMonitor\\s+cachebox-operator-metrics\\s+demo\\s+no\\s+Unknown"
                    + "\\s+GroupVersionKind monitoring.coreos.com/v1, Kind=ServiceMonitor not found on the cluster");
            assertThat(plan.out().strip().lines().reduce((a, b) -> b).orElseThrow())
                    .startsWith("18 steps (0 optional)").endsWith("; " + HINT);
        }

        @Test
        void withTheFlagTheStepsAreOptionalNotCreatedAndSayWhyAndThePlanIsInstallable(@TempDir Path dir) {
            Path bundle = SampleCopies.unmarked(dir.resolve("bundle"));

            CliRun plan = CliRun.of("plan", bundle.toString(), "-n", "demo", "--optional-api", MONITORING,
                    "--optional-api", AUTOSCALING + "/VerticalPodAutoscaler");

            assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(ExitCode.OK);
            assertThat(plan.out()).containsPattern("PrometheusRule\\s+cachebox-operator-alerts\\s+demo\\s+yes\\s+NotCreated"
                    + "\\s+API monitoring.coreos.com/v1 PrometheusRule is not served \\(optional by --optional-api "
                    + "monitoring.coreos.com\\)");
            assertThat(plan.out()).containsPattern("ServiceMonitor\\s+cachebox-operator-metrics\\s+demo\\s+yes\\s+NotCreated"
                    + "\\s+API monitoring.coreos.com/v1 ServiceMonitor is not served \\(optional by --optional-api "
                    + "monitoring.coreos.com\\)");
            assertThat(plan.out()).containsPattern("VerticalPodAutoscaler\\s+cachebox-operator\\s+demo\\s+yes\\s+NotCreated"
                    + "\\s+API autoscaling.k8s.io/v1 VerticalPodAutoscaler is not served \\(optional by --optional-api "
                    + "autoscaling.k8s.io/VerticalPodAutoscaler\\)");
            assertThat(plan.out()).containsPattern("ConfigMap\\s+cachebox-defaults\\s+demo\\s+no\\s+Unknown");
            assertThat(plan.out()).contains("18 steps (3 optional): 15 Unknown, 3 NotCreated. Phase RequiresApproval");
            assertThat(plan.err()).isEmpty();
        }

        @Test
        void theYamlPlanCarriesTheOriginOnEachStepAndThePolicyInItsOptions(@TempDir Path dir) {
            Path bundle = SampleCopies.unmarked(dir.resolve("bundle"));

            CliRun plan = CliRun.of("plan", bundle.toString(), "-n", "demo", "-o", "yaml", "--optional-api", MONITORING);

            assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(ExitCode.PLAN_FAILED);
            assertThat(plan.out()).as("the options annotation, quoted in YAML")
                    .contains("\\\"optionalApis\\\":[\\\"monitoring.coreos.com\\\"]");
            assertThat(plan.out().lines().map(String::strip).filter(line -> line.startsWith("optionalBy: ")
                    && line.contains("--optional-api " + MONITORING)).count()).isEqualTo(2);
            assertThat(plan.out()).as("only the VPA is left; the hint names its group alone")
                    .contains("pass --optional-api autoscaling.k8s.io to install without them");
        }

        @Test
        void kindsThatAreNeverOptionalAndRulesThatMatchNothingAreWarnedAbout(@TempDir Path dir) {
            Path bundle = SampleCopies.unmarked(dir.resolve("bundle"));

            CliRun plan = CliRun.of("plan", bundle.toString(), "-n", "demo", "--optional-api", MONITORING,
                    "--optional-api", AUTOSCALING, "--optional-api", "rbac.authorization.k8s.io/ClusterRole",
                    "--optional-api", "keda.sh");

            assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(ExitCode.OK);
            assertThat(plan.out()).containsPattern("ClusterRole\\s+cachebox-metrics-reader\\s+-\\s+no\\s+Unknown");
            // The ClusterRole that OLM mode generates from the CSV's clusterPermissions is bundlectl's, not the
            // bundle's: no rule is applied to it, so nothing is said of it.
            assertThat(plan.out()).containsPattern("ClusterRole\\s+cachebox-operator.v0.3.1-\\w+\\s+-\\s+no\\s+Unknown");
            assertThat(plan.err().lines().toList()).containsExactly(
                    "warning: manifests/cachebox-metrics-reader_rbac.authorization.k8s.io_v1_clusterrole.yaml[doc 0]: "
                            + "ClusterRole/cachebox-metrics-reader: --optional-api rbac.authorization.k8s.io/ClusterRole "
                            + "does not make a ClusterRole optional (its API is always there where OLM runs); this step "
                            + "stays required",
                    "warning: --optional-api keda.sh: no object of the bundle is of API group keda.sh; the option has "
                            + "no effect");
        }

        @Test
        void malformedValuesAreInvalidInputOnOneLine(@TempDir Path dir) {
            Path bundle = SampleCopies.unmarked(dir.resolve("bundle"));

            CliRun empty = CliRun.of("plan", bundle.toString(), "--optional-api", "");
            CliRun slashes = CliRun.of("plan", bundle.toString(), "--optional-api", "a/b/c");
            CliRun version = CliRun.of("plan", bundle.toString(), "--optional-api", "monitoring.coreos.com/v1");

            assertThat(empty.exitCode()).as(empty.toString()).isEqualTo(ExitCode.INVALID_INPUT);
            assertThat(empty.err().lines().toList()).singleElement().asString()
                    .startsWith("error: --optional-api \"\": expected GROUP or GROUP/KIND");
            assertThat(slashes.exitCode()).as(slashes.toString()).isEqualTo(ExitCode.INVALID_INPUT);
            assertThat(slashes.err().lines().toList()).containsExactly(
                    "error: --optional-api \"a/b/c\": expected GROUP or GROUP/KIND, not a value with 2 slashes");
            assertThat(version.err().lines().toList()).containsExactly("error: --optional-api "
                    + "\"monitoring.coreos.com/v1\": \"v1\" is an API version, not a kind: give GROUP or GROUP/KIND");
            assertThat(empty.out() + slashes.out() + version.out()).isEmpty();
        }

        @Test
        void aReleasePayloadDirectoryRefusesTheFlag(@TempDir Path dir) throws IOException {
            Files.writeString(dir.resolve("0000_50_demo_01_config.yaml"),
                    "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: demo, namespace: demo}\n");

            CliRun plan = CliRun.of("plan", dir.toString(), "--optional-api", MONITORING);

            assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(ExitCode.INVALID_INPUT);
            assertThat(plan.err()).contains("error: --optional-api makes a bundle's objects optional; " + dir
                    + " is a release-payload directory");
        }
    }

    @Nested
    class Install {

        @Test
        void withoutTheFlagNothingIsAppliedAndTheErrorSuggestsIt(@TempDir Path dir) {
            Path bundle = SampleCopies.unmarked(dir.resolve("bundle"));
            try (CliCluster cluster = CliCluster.start(dir)) {
                CliRun install = cluster.run("install", bundle.toString(), "-n", "demo", "--create-namespace");

                assertThat(install.exitCode()).as(install.toString()).isEqualTo(ExitCode.PLAN_FAILED);
                assertThat(install.err()).contains("error: the plan cannot succeed on this cluster; nothing was applied")
                        .contains("\n  " + HINT);
                assertThat(cluster.writtenNames()).isEmpty();
            }
        }

        @Test
        void withTheFlagTheInstallCompletesWithTheStepsNotCreated(@TempDir Path dir) {
            Path bundle = SampleCopies.unmarked(dir.resolve("bundle"));
            try (CliCluster cluster = CliCluster.start(dir)) {
                CliRun install = cluster.run("install", bundle.toString(), "-n", "demo", "--create-namespace",
                        "--optional-api", MONITORING, "--optional-api", AUTOSCALING);

                assertThat(install.exitCode()).as(install.toString()).isEqualTo(ExitCode.OK);
                assertThat(install.out()).contains("Phase Complete");
                assertThat(install.out()).containsPattern("ServiceMonitor\\s+cachebox-operator-metrics\\s+demo\\s+yes"
                        + "\\s+NotCreated\\s+API monitoring.coreos.com/v1 ServiceMonitor is not served \\(optional by "
                        + "--optional-api monitoring.coreos.com\\)");
                assertThat(cluster.writtenNames()).contains("cachebox-defaults")
                        .doesNotContain("cachebox-operator-metrics-monitor", "cachebox-operator-alerts");
            }
        }

        @Test
        void aReviewedPlanMadeWithTheFlagInstallsWithItsPolicy(@TempDir Path dir) throws IOException {
            Path bundle = SampleCopies.unmarked(dir.resolve("bundle"));
            CliRun plan = CliRun.of("plan", bundle.toString(), "-n", "demo", "-o", "yaml",
                    "--optional-api", MONITORING, "--optional-api", AUTOSCALING);
            assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(ExitCode.OK);
            Path planFile = dir.resolve("plan.yaml");
            Files.writeString(planFile, plan.out());
            try (CliCluster cluster = CliCluster.start(dir)) {
                CliRun install = cluster.run("install", "--plan-file", planFile.toString(), "--create-namespace");

                assertThat(install.exitCode()).as(install.toString()).isEqualTo(ExitCode.OK);
                assertThat(install.out()).contains("Phase Complete");
                assertThat(install.out()).containsPattern("PrometheusRule\\s+cachebox-operator-alerts\\s+demo\\s+yes"
                        + "\\s+NotCreated\\s+.*PrometheusRule.* \\(optional by --optional-api monitoring.coreos.com\\)");
                assertThat(install.out()).containsPattern("VerticalPodAutoscaler\\s+cachebox-operator\\s+demo\\s+yes"
                        + "\\s+NotCreated\\s+.* \\(optional by --optional-api autoscaling.k8s.io\\)");
            }
        }

        @Test
        void aReviewedPlanWhosePolicyWasRemovedIsRefused(@TempDir Path dir) throws IOException {
            Path bundle = SampleCopies.unmarked(dir.resolve("bundle"));
            CliRun plan = CliRun.of("plan", bundle.toString(), "-n", "demo", "-o", "yaml",
                    "--optional-api", MONITORING, "--optional-api", AUTOSCALING);
            Path planFile = dir.resolve("plan.yaml");
            String withoutPolicy = plan.out().replace(
                    ",\\\"optionalApis\\\":[\\\"monitoring.coreos.com\\\",\\\"autoscaling.k8s.io\\\"]", "");
            assertThat(withoutPolicy).as("the policy was removed from the plan's options").isNotEqualTo(plan.out());
            Files.writeString(planFile, withoutPolicy);
            try (CliCluster cluster = CliCluster.start(dir)) {
                CliRun install = cluster.run("install", "--plan-file", planFile.toString(), "--create-namespace");

                assertThat(install.exitCode()).as(install.toString()).isEqualTo(ExitCode.INVALID_INPUT);
                assertThat(install.err()).contains("the plan differs from a fresh plan")
                        .contains("(ServiceMonitor/demo/cachebox-operator-metrics): optional is true but the bundle "
                                + "says false")
                        .doesNotContain("optional by");
                assertThat(cluster.writtenNames()).isEmpty();
            }
        }

        @Test
        void thePolicyBelongsToThePlanNotToInstallPlanFile(@TempDir Path dir) throws IOException {
            Path planFile = dir.resolve("plan.yaml");
            Files.writeString(planFile, "kind: InstallPlan\n");

            CliRun install = CliRun.of("install", "--plan-file", planFile.toString(), "--optional-api", MONITORING);

            assertThat(install.exitCode()).as(install.toString()).isEqualTo(ExitCode.INVALID_INPUT);
            assertThat(install.err()).contains("--optional-api and operator configuration options belong to 'bundlectl plan'");
        }
    }
}
