package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code bundlectl plan} on the repository's sample bundles, run in-process: exit codes, the
 * table, the InstallPlan documents, Secret redaction, API surfaces, capability options and help.
 */
class PlanCommandTest {

    private static final String CACHEBOX = TestPaths.arg("samples/bundles/cachebox-operator");
    private static final String DASHBOARD = TestPaths.arg("samples/bundles/dashboard-operator");
    private static final String CAPABILITIES = "samples/capabilities/";

    /** The licence key in the sample Secret's {@code stringData}. */
    private static final String LICENSE_KEY = "CBX-SAMPLE-0000-0000-0000";
    /** The sample Secret's {@code data.edition}, base64 of {@code community}. */
    private static final String EDITION_BASE64 = "Y29tbXVuaXR5";
    private static final String EDITION_PLAIN = "community";

    private static final String NOT_SERVED_PROMETHEUS_RULE = "API monitoring.coreos.com/v1 PrometheusRule is not served";
    private static final String NOT_SERVED_SERVICE_MONITOR = "API monitoring.coreos.com/v1 ServiceMonitor is not served";
    private static final String NOT_SERVED_VPA = "API autoscaling.k8s.io/v1 VerticalPodAutoscaler is not served";
    private static final String CONSOLE_DISABLED = "capability Console disabled";
    /** The message on a step that OLM mode generates from the CSV's permissions. */
    private static final String OLM_GENERATED = "OLM mode: generated from the CSV's permissions, as OLM's InstallPlan does";
    /** The message on OLM mode's OperatorGroup step in an offline plan into {@code default}. */
    private static final String OLM_OPERATOR_GROUP = "OLM mode: offline, so assumed that default has no OperatorGroup:"
            + " one is created for AllNamespaces";

    /** The message on OLM mode's CSV step in an offline plan into {@code default}: OLM's rules across namespaces. */
    static final String OLM_CSV_ASSUMED = "OLM mode: offline, so assumed that no OperatorGroup of another namespace"
            + " provides its APIs here and that it does not already run elsewhere for default";

    /** The table rows of cachebox on the built-in surface, as {@code #|KIND|NAME|NAMESPACE|OPTIONAL|STATUS|MESSAGE}. */
    private static final List<String> CACHEBOX_ROWS = List.of(
            "1|OperatorGroup|default|default|no|Unknown|" + OLM_OPERATOR_GROUP,
            "2|ServiceAccount|cachebox-operator|default|no|Unknown|" + OLM_GENERATED,
            "3|Role|cachebox-operator.v0.3.1-cachebox-operator-6b7998cc77|default|no|Unknown|" + OLM_GENERATED,
            "4|RoleBinding|cachebox-operator.v0.3.1-cachebox-operator-6b7998cc77|default|no|Unknown|" + OLM_GENERATED,
            "5|ClusterRole|cachebox-operator.v0.3.1-76f49f87f5|-|no|Unknown|" + OLM_GENERATED,
            "6|ClusterRoleBinding|cachebox-operator.v0.3.1-76f49f87f5|-|no|Unknown|" + OLM_GENERATED,
            "7|ClusterServiceVersion|cachebox-operator.v0.3.1|default|no|Unknown|" + OLM_CSV_ASSUMED,
            "8|CustomResourceDefinition|cachebackups.cache.bundlectl.dev|-|no|Unknown|",
            "9|CustomResourceDefinition|caches.cache.bundlectl.dev|-|no|Unknown|",
            "10|ConfigMap|cachebox-defaults|default|no|Unknown|",
            "11|Role|cachebox-editor|default|no|Unknown|",
            "12|Secret|cachebox-license|default|no|Unknown|",
            "13|ClusterRole|cachebox-metrics-reader|-|no|Unknown|",
            "14|ClusterRoleBinding|cachebox-metrics-reader|-|no|Unknown|",
            "15|PrometheusRule|cachebox-operator-alerts|default|yes|NotCreated|" + NOT_SERVED_PROMETHEUS_RULE,
            "16|ServiceMonitor|cachebox-operator-metrics|default|yes|NotCreated|" + NOT_SERVED_SERVICE_MONITOR,
            "17|Service|cachebox-operator-metrics|default|no|Unknown|",
            "18|VerticalPodAutoscaler|cachebox-operator|default|yes|NotCreated|" + NOT_SERVED_VPA);

    /** dashboard with the Console capability disabled, whichever way it is disabled. */
    private static final List<String> DASHBOARD_WITHOUT_CONSOLE_ROWS = List.of(
            "1|OperatorGroup|default|default|no|Unknown|" + OLM_OPERATOR_GROUP,
            "2|ServiceAccount|dashboard-operator|default|no|Unknown|" + OLM_GENERATED,
            "3|ClusterRole|dashboard-operator.v1.2.0-85fcff9cd|-|no|Unknown|" + OLM_GENERATED,
            "4|ClusterRoleBinding|dashboard-operator.v1.2.0-85fcff9cd|-|no|Unknown|" + OLM_GENERATED,
            "5|ClusterServiceVersion|dashboard-operator.v1.2.0|default|no|Unknown|" + OLM_CSV_ASSUMED,
            "6|CustomResourceDefinition|dashboards.dashboards.bundlectl.dev|-|no|Unknown|",
            "7|ConsolePlugin|dashboard-console-plugin|-|no|NotCreated|" + CONSOLE_DISABLED,
            "8|Service|dashboard-console-plugin|default|no|Unknown|",
            "9|ConsoleYAMLSample|dashboard-sample|-|no|NotCreated|" + CONSOLE_DISABLED,
            "10|ClusterRole|dashboard-viewer|-|no|Unknown|");

    @Nested
    class CacheboxOnTheBuiltInSurface {

        @Test
        void tableListsEveryStepInOlmOrderWithTheOptionalOnesNotCreated() {
            CliResult result = Cli.run("plan", CACHEBOX);

            assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.OK);
            assertThat(result.err()).isEmpty();
            assertThat(tableRows(result)).containsExactlyElementsOf(CACHEBOX_ROWS);
            assertThat(lastLine(result)).isEqualTo("18 steps (3 optional): 15 Unknown, 3 NotCreated. Phase RequiresApproval: "
                    + "18 steps planned against built-in kubernetes 1.34 + OLM v0 APIs: 15 to apply, 3 not created");
        }

        @Test
        void yamlIsAnInstallPlanThatParsesBack() {
            CliResult result = Cli.run("plan", CACHEBOX, "-n", "demo", "-o", "yaml");

            assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.OK);
            assertThat(result.out()).startsWith("---\napiVersion: operators.coreos.com/v1alpha1\nkind: InstallPlan\n");
            assertCacheboxDocument(PlanOutput.parse(result));
        }

        @Test
        void jsonIsTheSameInstallPlan() {
            CliResult result = Cli.run("plan", CACHEBOX, "-n", "demo", "-o", "json");

            assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.OK);
            assertThat(result.out()).startsWith("{").endsWith("}\n");
            assertCacheboxDocument(PlanOutput.parse(result));
        }

        @Test
        void yamlAndJsonHoldTheSamePlan() {
            InstallPlan fromYaml = PlanOutput.parse(Cli.run("plan", CACHEBOX, "-n", "demo", "-o", "yaml"));
            InstallPlan fromJson = PlanOutput.parse(Cli.run("plan", CACHEBOX, "-n", "demo", "-o", "json"));

            assertThat(fromJson).isEqualTo(fromYaml);
        }

        @ParameterizedTest(name = "-o {0}")
        @ValueSource(strings = {"table", "yaml", "json"})
        void secretValuesNeverAppearInAnyOutput(String format) {
            CliResult result = Cli.run("plan", CACHEBOX, "-o", format);

            assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.OK);
            for (String text : List.of(result.out(), result.err())) {
                assertThat(text).doesNotContain(LICENSE_KEY, EDITION_BASE64, EDITION_PLAIN);
            }
            if (!format.equals("table")) {
                // The markers are the SHA-256 of the plain values: stringData as UTF-8, data decoded.
                assertThat(result.out()).contains(
                        "<redacted sha256:" + sha256(LICENSE_KEY.getBytes(StandardCharsets.UTF_8)) + ">",
                        "<redacted sha256:" + sha256(Base64.getDecoder().decode(EDITION_BASE64)) + ">");
            }
        }

        @Test
        void jsonlIsRejectedForPlan() {
            CliResult result = Cli.run("plan", CACHEBOX, "-o", "jsonl");

            assertThat(result.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
            assertThat(result.out()).isEmpty();
            assertThat(result.errLines())
                    .containsExactly("error: -o jsonl is for install progress and for several bundles (DIR DIR... or "
                            + "--recursive); one plan prints table, yaml or json");
        }

        @Test
        void invalidNamespaceIsInvalidInput() {
            CliResult result = Cli.run("plan", CACHEBOX, "-n", "Bad_NS");

            assertThat(result.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
            assertThat(result.out()).isEmpty();
            assertThat(result.errLines()).containsExactly("error: -n Bad_NS: namespace \"Bad_NS\" is not a DNS label: "
                    + "at most 63 lower-case letters, digits and '-', starting and ending with a letter or digit");
        }

        private void assertCacheboxDocument(InstallPlan plan) {
            assertThat(plan.kind()).isEqualTo("InstallPlan");
            assertThat(plan.apiVersion()).isEqualTo("operators.coreos.com/v1alpha1");
            assertThat(plan.metadata().name()).isEqualTo("install-cachebox-operator.v0.3.1");
            assertThat(plan.metadata().namespace()).isEqualTo("demo");
            assertThat(plan.spec().approval()).isEqualTo("Manual");
            assertThat(plan.spec().approved()).isFalse();
            assertThat(plan.spec().clusterServiceVersionNames()).containsExactly("cachebox-operator.v0.3.1");
            assertThat(plan.status().phase()).isEqualTo(InstallPlanPhase.REQUIRES_APPROVAL);
            assertThat(plan.steps()).extracting(PlanOutput::kindAndName).containsExactly(
                    "OperatorGroup demo",
                    "ServiceAccount cachebox-operator",
                    "Role cachebox-operator.v0.3.1-cachebox-operator-6b7998cc77",
                    "RoleBinding cachebox-operator.v0.3.1-cachebox-operator-6b7998cc77",
                    "ClusterRole cachebox-operator.v0.3.1-d64946f5f",
                    "ClusterRoleBinding cachebox-operator.v0.3.1-d64946f5f",
                    "ClusterServiceVersion cachebox-operator.v0.3.1",
                    "CustomResourceDefinition cachebackups.cache.bundlectl.dev",
                    "CustomResourceDefinition caches.cache.bundlectl.dev",
                    "ConfigMap cachebox-defaults",
                    "Role cachebox-editor",
                    "Secret cachebox-license",
                    "ClusterRole cachebox-metrics-reader",
                    "ClusterRoleBinding cachebox-metrics-reader",
                    "PrometheusRule cachebox-operator-alerts",
                    "ServiceMonitor cachebox-operator-metrics",
                    "Service cachebox-operator-metrics",
                    "VerticalPodAutoscaler cachebox-operator");
            assertThat(plan.steps()).filteredOn(Step::optional).extracting(PlanOutput::kindAndName).containsExactly(
                    "PrometheusRule cachebox-operator-alerts",
                    "ServiceMonitor cachebox-operator-metrics",
                    "VerticalPodAutoscaler cachebox-operator");
            assertThat(plan.steps()).filteredOn(step -> step.status() == StepStatus.NOT_CREATED)
                    .extracting(Step::message)
                    .containsExactly(NOT_SERVED_PROMETHEUS_RULE, NOT_SERVED_SERVICE_MONITOR, NOT_SERVED_VPA);
            assertThat(plan.steps()).filteredOn(step -> step.status() != StepStatus.NOT_CREATED)
                    .allSatisfy(step -> assertThat(step.status()).isEqualTo(StepStatus.UNKNOWN));
            // OLM mode's steps say where they came from, and the CSV's what was assumed offline; every other
            // step to apply has no message.
            assertThat(plan.steps()).extracting(Step::message).startsWith(
                    "OLM mode: offline, so assumed that demo has no OperatorGroup: one is created for AllNamespaces",
                    OLM_GENERATED, OLM_GENERATED, OLM_GENERATED, OLM_GENERATED, OLM_GENERATED,
                    OLM_CSV_ASSUMED.replace("for default", "for demo"));
            assertThat(plan.steps().subList(7, plan.steps().size()))
                    .filteredOn(step -> step.status() != StepStatus.NOT_CREATED)
                    .allSatisfy(step -> assertThat(step.message()).isNull());
            assertThat(plan.steps()).allSatisfy(step -> {
                assertThat(step.resolving()).isEqualTo("cachebox-operator.v0.3.1");
                assertThat(step.resource().sourceName()).isEqualTo("cachebox-operator");
                assertThat(step.resource().namespace()).isEqualTo(isClusterScoped(step) ? null : "demo");
                assertCompactJsonOf(step);
            });
        }
    }

    @Nested
    class ApiSurfaces {

        @Test
        void kindWithPrometheusSampleServesServiceMonitorAndPrometheusRule() {
            CliResult result = Cli.run("plan", CACHEBOX, "--api-surface",
                    TestPaths.arg("samples/api-surfaces/kind-with-prometheus.txt"));

            assertPrometheusServedVpaNotCreated(result);
        }

        @Test
        void kubectlFileServingPrometheusMakesOnlyTheVpaNotCreated(@TempDir Path dir) throws IOException {
            Path surface = dir.resolve("api-resources.txt");
            Files.writeString(surface, kubectlApiResources(List.of(
                    List.of("configmaps", "cm", "v1", "true", "ConfigMap"),
                    List.of("secrets", "", "v1", "true", "Secret"),
                    List.of("services", "svc", "v1", "true", "Service"),
                    List.of("customresourcedefinitions", "crd,crds", "apiextensions.k8s.io/v1", "false",
                            "CustomResourceDefinition"),
                    List.of("prometheusrules", "promrule", "monitoring.coreos.com/v1", "true", "PrometheusRule"),
                    List.of("servicemonitors", "smon", "monitoring.coreos.com/v1", "true", "ServiceMonitor"),
                    List.of("clusterserviceversions", "csv,csvs", "operators.coreos.com/v1alpha1", "true",
                            "ClusterServiceVersion"),
                    List.of("clusterrolebindings", "", "rbac.authorization.k8s.io/v1", "false", "ClusterRoleBinding"),
                    List.of("clusterroles", "", "rbac.authorization.k8s.io/v1", "false", "ClusterRole"),
                    List.of("roles", "", "rbac.authorization.k8s.io/v1", "true", "Role"),
                    // What OLM mode adds in front of the CSV: an OperatorGroup, and OLM's ServiceAccount and RBAC.
                    List.of("rolebindings", "", "rbac.authorization.k8s.io/v1", "true", "RoleBinding"),
                    List.of("serviceaccounts", "sa", "v1", "true", "ServiceAccount"),
                    List.of("operatorgroups", "og", "operators.coreos.com/v1", "true", "OperatorGroup"))));

            assertPrometheusServedVpaNotCreated(Cli.run("plan", CACHEBOX, "--api-surface", surface.toString()));
        }

        private void assertPrometheusServedVpaNotCreated(CliResult result) {
            assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.OK);
            assertThat(result.err()).isEmpty();
            List<String> rows = tableRows(result);
            assertThat(rows).hasSize(18);
            assertThat(rows.get(14)).isEqualTo("15|PrometheusRule|cachebox-operator-alerts|default|yes|Unknown|");
            assertThat(rows.get(15)).isEqualTo("16|ServiceMonitor|cachebox-operator-metrics|default|yes|Unknown|");
            assertThat(rows.get(17))
                    .isEqualTo("18|VerticalPodAutoscaler|cachebox-operator|default|yes|NotCreated|" + NOT_SERVED_VPA);
            assertThat(lastLine(result)).startsWith("18 steps (3 optional): 17 Unknown, 1 NotCreated. Phase RequiresApproval: ")
                    .endsWith(": 17 to apply, 1 not created");
        }

        @Test
        void withoutOlmTheDefaultAutoModeRendersTheCsvAndThePlanIsInstallable() {
            CliResult result = Cli.run("plan", CACHEBOX, "--api-surface", "kubernetes-without-olm");

            assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.OK);
            assertThat(tableRows(result).get(0)).isEqualTo("1|ClusterServiceVersion|cachebox-operator.v0.3.1|default|no|"
                    + "NotCreated|rendered into 6 objects (csv-mode render)");
            assertThat(tableRows(result)).anyMatch(row -> row.startsWith("7|└ Deployment|cachebox-operator|default|no|Unknown"));
            assertThat(lastLine(result)).startsWith("18 steps (3 optional): 14 Unknown, 4 NotCreated. Phase RequiresApproval");
        }

        @Test
        void withoutOlmAndCsvModeOlmTheRequiredCsvIsUnservedAndThePlanFails() {
            CliResult result = Cli.run("plan", CACHEBOX, "--api-surface", "kubernetes-without-olm", "--csv-mode", "olm");

            assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.PLAN_FAILED);
            assertThat(result.err()).isEmpty();
            String csvUnserved = "GroupVersionKind operators.coreos.com/v1alpha1, Kind=ClusterServiceVersion not found on the cluster";
            assertThat(tableRows(result).get(6))
                    .isEqualTo("7|ClusterServiceVersion|cachebox-operator.v0.3.1|default|no|Unknown|" + csvUnserved);
            // Nor the OperatorGroup that OLM mode adds: both of OLM's APIs are missing.
            assertThat(lastLine(result)).isEqualTo("18 steps (3 optional): 15 Unknown, 3 NotCreated. Phase Failed: "
                    + "predicted to fail against built-in kubernetes 1.34: OperatorGroup/default/default: "
                    + "GroupVersionKind operators.coreos.com/v1, Kind=OperatorGroup not found on the cluster; "
                    + "ClusterServiceVersion/default/cachebox-operator.v0.3.1: " + csvUnserved);

            InstallPlan plan = PlanOutput.parse(Cli.run("plan", CACHEBOX, "--api-surface", "kubernetes-without-olm",
                    "--csv-mode", "olm", "-o", "yaml"));
            assertThat(plan.status().phase()).isEqualTo(InstallPlanPhase.FAILED);
            assertThat(plan.status().message())
                    .isEqualTo("predicted to fail against built-in kubernetes 1.34: OperatorGroup/default/default: "
                            + "GroupVersionKind operators.coreos.com/v1, Kind=OperatorGroup not found on the cluster; "
                            + "ClusterServiceVersion/default/cachebox-operator.v0.3.1: " + csvUnserved);
        }

        @Test
        void unknownSurfaceNameIsInvalidInput() {
            CliResult result = Cli.run("plan", CACHEBOX, "--api-surface", "no-such-surface");

            assertThat(result.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
            assertThat(result.errLines()).containsExactly("error: --api-surface no-such-surface: not a file, and not "
                    + "one of the built-in names kubernetes, kubernetes-without-olm");
        }
    }

    @Nested
    class Capabilities {

        @Test
        void withoutCapabilityFlagsTheRequiredConsolePluginIsUnservedAndThePlanFails() {
            CliResult result = Cli.run("plan", DASHBOARD);

            assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.PLAN_FAILED);
            List<String> rows = tableRows(result);
            assertThat(rows.get(6)).isEqualTo("7|ConsolePlugin|dashboard-console-plugin|-|no|Unknown|"
                    + "GroupVersionKind console.openshift.io/v1, Kind=ConsolePlugin not found on the cluster");
            assertThat(rows.get(8)).isEqualTo("9|ConsoleYAMLSample|dashboard-sample|-|no|Unknown|"
                    + "GroupVersionKind console.openshift.io/v1, Kind=ConsoleYAMLSample not found on the cluster");
            assertThat(lastLine(result)).startsWith("10 steps (0 optional): 10 Unknown. Phase Failed: predicted to fail "
                    + "against built-in kubernetes 1.34 + OLM v0 APIs: ConsolePlugin/dashboard-console-plugin: ");
        }

        @Test
        void disablingConsoleLeavesBothConsoleStepsNotCreated() {
            CliResult result = Cli.run("plan", DASHBOARD, "--disable-capability", "Console");

            assertDashboardWithoutConsole(result);
        }

        @Test
        void anInstallConfigThatExcludesConsoleDoesTheSame() {
            CliResult result = Cli.run("plan", DASHBOARD, "--capabilities-file",
                    TestPaths.arg(CAPABILITIES + "install-config-no-console.yaml"));

            assertDashboardWithoutConsole(result);
        }

        @Test
        void aClusterVersionThatEnablesConsoleKeepsTheConsoleSteps() {
            CliResult result = Cli.run("plan", DASHBOARD,
                    "--capabilities-file", TestPaths.arg(CAPABILITIES + "clusterversion-none-plus-console.yaml"),
                    "--api-surface", "kubernetes",
                    "--api-surface", TestPaths.arg("samples/api-surfaces/openshift-extras.yaml"));

            assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.OK);
            // OLM mode's four steps and the CSV carry their notes; every other step is to apply, with no message.
            assertThat(tableRows(result)).hasSize(10).startsWith(DASHBOARD_WITHOUT_CONSOLE_ROWS.subList(0, 5)
                    .toArray(String[]::new));
            assertThat(tableRows(result).subList(5, 10)).allSatisfy(row -> assertThat(row).endsWith("|no|Unknown|"));
        }

        @Test
        void disabledCapabilitiesAreRecordedInThePlan() {
            InstallPlan plan = PlanOutput.parse(
                    Cli.run("plan", DASHBOARD, "--disable-capability", "Console", "-o", "json"));

            assertThat(plan.status().capabilities()).isNotNull();
            assertThat(plan.status().capabilities().knownCapabilities()).contains("Console");
            assertThat(plan.status().capabilities().enabledCapabilities()).doesNotContain("Console").contains("Ingress");
            assertThat(PlanOutput.withStatus(plan, StepStatus.NOT_CREATED, CONSOLE_DISABLED))
                    .extracting(PlanOutput::kindAndName)
                    .containsExactly("ConsolePlugin dashboard-console-plugin", "ConsoleYAMLSample dashboard-sample");
        }

        @Test
        void aFileThatBothEnablesAndDisablesConsoleIsRejectedWithHyperShiftsMessage() {
            String file = TestPaths.arg(CAPABILITIES + "conflicting.yaml");

            CliResult result = Cli.run("plan", DASHBOARD, "--capabilities-file", file);

            assertThat(result.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
            assertThat(result.out()).isEmpty();
            assertThat(result.errLines()).containsExactly("error: " + file + ": field enabled[0]: "
                    + "Capabilities can not be both enabled and disabled at once. \"Console\" is in both lists.");
        }

        @Test
        void aCapabilitiesFileCannotBeCombinedWithCapabilityFlags() {
            CliResult result = Cli.run("plan", DASHBOARD,
                    "--capabilities-file", TestPaths.arg(CAPABILITIES + "install-config-no-console.yaml"),
                    "--enable-capability", "Console");

            assertThat(result.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
            assertThat(result.out()).isEmpty();
            assertThat(result.errLines()).containsExactly("error: --capabilities-file cannot be combined with "
                    + "--baseline-capability-set, --enable-capability or --disable-capability: give one or the other");
        }

        private void assertDashboardWithoutConsole(CliResult result) {
            assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.OK);
            assertThat(result.err()).isEmpty();
            assertThat(tableRows(result)).containsExactlyElementsOf(DASHBOARD_WITHOUT_CONSOLE_ROWS);
            assertThat(lastLine(result)).isEqualTo("10 steps (0 optional): 8 Unknown, 2 NotCreated. Phase RequiresApproval: "
                    + "10 steps planned against built-in kubernetes 1.34 + OLM v0 APIs: 8 to apply, 2 not created");
        }
    }

    @Nested
    class HelpAndVersion {

        @Test
        void topLevelHelpShowsTheCommandsAndExamples() {
            CliResult result = Cli.run("--help");

            assertThat(result.exitCode()).isEqualTo(ExitCode.OK);
            assertThat(result.err()).isEmpty();
            assertThat(result.out()).startsWith("Usage: bundlectl ")
                    .contains("  plan ", "  version ", "Examples:", "  bundlectl plan samples/bundles/cachebox-operator\n",
                            "Exit codes (every command): 0 success; 2 invalid input",
                            "1 anything else, including an unreachable or refusing cluster.");
        }

        @Test
        void planHelpShowsTheOptionsAndExamples() {
            CliResult result = Cli.run("plan", "--help");

            assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.OK);
            assertThat(result.err()).isEmpty();
            assertThat(result.out()).startsWith("Usage: bundlectl plan ")
                    .contains("--api-surface", "--capabilities-file", "--disable-capability", "--profile",
                            "--show-excluded", "Examples:",
                            "  bundlectl plan samples/bundles/dashboard-operator --disable-capability Console\n",
                            "Exit codes: 0 installable, 3 predicted to fail, 2 invalid input, 1 other errors");
        }

        @Test
        void planWithoutADirectoryIsInvalidInput() {
            CliResult result = Cli.run("plan");

            assertThat(result.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
            assertThat(result.out()).isEmpty();
            assertThat(result.errLines().get(0)).isEqualTo("error: plan needs DIR: a bundle or release-payload directory");
        }

        @ParameterizedTest(name = "bundlectl {0}")
        @ValueSource(strings = {"version", "--version"})
        void versionPrintsTheBuildVersion(String argument) {
            CliResult result = Cli.run(argument);

            assertThat(result.exitCode()).isEqualTo(ExitCode.OK);
            List<String> lines = result.outLines();
            // Maven filters the version into the resource: an unfiltered "${project.version}" fails here.
            assertThat(lines.get(0)).matches("bundlectl \\d+\\.\\d+\\.\\d+(-[A-Za-z0-9.]+)?");
            assertThat(lines.get(0)).isEqualTo("bundlectl " + VersionInfo.current().version());
            assertThat(lines).anySatisfy(line -> assertThat(line)
                    .startsWith("java:        " + System.getProperty("java.runtime.version") + " ("));
        }
    }

    /** The plan table's rows as {@code #|KIND|NAME|NAMESPACE|OPTIONAL|STATUS|MESSAGE}. */
    static List<String> tableRows(CliResult result) {
        List<String> rows = new ArrayList<>();
        for (Map<String, String> row : TextTableReader.rows(result.outLines(), "#")) {
            rows.add(String.join("|", row.values()));
        }
        return rows;
    }

    /** The table's summary line: the last line of stdout. */
    static String lastLine(CliResult result) {
        List<String> lines = result.outLines();
        assertThat(lines).as(result.describe()).isNotEmpty();
        return lines.get(lines.size() - 1);
    }

    private static boolean isClusterScoped(Step step) {
        return List.of("CustomResourceDefinition", "ClusterRole", "ClusterRoleBinding").contains(step.resource().kind());
    }

    /** The manifest is one line of compact JSON describing this very object. */
    private static void assertCompactJsonOf(Step step) {
        String manifest = step.resource().manifest();
        assertThat(manifest).doesNotContain("\n").startsWith("{\"apiVersion\":");
        try {
            ObjectMapper mapper = new ObjectMapper();
            JsonNode tree = mapper.readTree(manifest);
            assertThat(mapper.writeValueAsString(tree)).as("compact form").isEqualTo(manifest);
            assertThat(tree.path("kind").asText()).isEqualTo(step.resource().kind());
            assertThat(tree.path("metadata").path("name").asText()).isEqualTo(step.resource().name());
        } catch (IOException e) {
            throw new AssertionError("manifest of " + PlanOutput.kindAndName(step) + " is not JSON: " + manifest, e);
        }
    }

    /** {@code kubectl api-resources} output: columns padded to their widest cell plus three spaces. */
    private static String kubectlApiResources(List<List<String>> rows) {
        List<List<String>> all = new ArrayList<>();
        all.add(List.of("NAME", "SHORTNAMES", "APIVERSION", "NAMESPACED", "KIND"));
        all.addAll(rows);
        int[] widths = new int[5];
        for (List<String> row : all) {
            for (int i = 0; i < 5; i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        StringBuilder text = new StringBuilder();
        for (List<String> row : all) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < 5; i++) {
                line.append(row.get(i));
                if (i < 4) {
                    line.append(" ".repeat(widths[i] - row.get(i).length() + 3));
                }
            }
            text.append(line.toString().stripTrailing()).append('\n');
        }
        return text.toString();
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
