package dev.bundlectl.executor;

import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.apply.ApplySettings;
import static dev.bundlectl.executor.testing.PayloadDirectory.configMap;
import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.Manifests;
import dev.bundlectl.executor.testing.MockCluster;
import dev.bundlectl.executor.testing.PayloadDirectory;
import dev.bundlectl.executor.testing.RecordingListener;
import dev.bundlectl.executor.testing.VirtualScheduler;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A release-payload plan runs in run-graph order against fabric8's CRUD mock: run levels one after
 * another, component chains in parallel and each in file order, a CRD established before the
 * chain goes on, and a failure skipping only what waits for it. The order of writes in the
 * server's request log is the evidence.
 */
class PayloadRunOrderTest {

    private static final String NS = "payload-demo";

    private MockCluster cluster;
    private ClusterConnection connection;
    private PayloadDirectory payload;

    @BeforeEach
    void start(@TempDir Path dir) {
        cluster = MockCluster.start();
        connection = cluster.connect();
        payload = new PayloadDirectory(dir)
                .file("0000_10_alpha_00_first.yaml", configMap(NS, "alpha-0"))
                .file("0000_10_alpha_01_second.yaml", configMap(NS, "alpha-1") + "---\n" + configMap(NS, "alpha-2"))
                .file("0000_10_beta_00_first.yaml", secret("beta-0"))
                .file("0000_10_beta_01_second.yaml", configMap(NS, "beta-1"))
                .file("0000_20_gamma_00_crd.yaml", PayloadDirectory.widgetCrd())
                .file("0000_20_gamma_01_widget.yaml", """
                        apiVersion: example.com/v1
                        kind: Widget
                        metadata:
                          name: gamma-widget
                          namespace: %s
                        spec: {size: 1}
                        """.formatted(NS))
                .file("0000_20_delta_00_config.yaml", configMap(NS, "delta-0"))
                .file("0000_30_epsilon_00_config.yaml", configMap(NS, "epsilon-0"));
    }

    @AfterEach
    void stop() {
        cluster.close();
    }

    private static String secret(String name) {
        return "apiVersion: v1\nkind: Secret\nmetadata:\n  name: " + name + "\n  namespace: " + NS
                + "\nstringData:\n  token: abc\n";
    }

    private InstallPlan run(InstallPlan plan, boolean firstInstall, int concurrency) {
        ApplySettings options = ApplySettings.builder().scheduler(new VirtualScheduler())
                .concurrency(concurrency).firstInstall(firstInstall).build();
        return Await.result(new PlanApplier(connection).start(PlannedInstall.read(plan), options, new RecordingListener()).result());
    }


    private static Map<String, Step> byName(InstallPlan plan) {
        return plan.steps().stream().collect(Collectors.toMap(step -> step.resource().name(), Function.identity()));
    }

    private static void assertBefore(List<String> order, String earlier, String later) {
        assertThat(order.indexOf(earlier)).as(earlier + " before " + later + " in " + order).isNotNegative()
                .isLessThan(order.indexOf(later));
    }

    @Test
    void levelsRunInSequenceAndEachChainInFileAndDocumentOrder() {
        InstallPlan result = run(payload.plan(NS), true, 8);

        assertThat(result.status().phase()).as(result.status().message()).isEqualTo(InstallPlanPhase.COMPLETE);
        List<String> order = cluster.createdNames();
        assertThat(order).containsExactlyInAnyOrder("alpha-0", "alpha-1", "alpha-2", "beta-0", "beta-1",
                "widgets.example.com", "gamma-widget", "delta-0", "epsilon-0");
        assertBefore(order, "alpha-0", "alpha-1");
        assertBefore(order, "alpha-1", "alpha-2");
        assertBefore(order, "beta-0", "beta-1");
        for (String level10 : List.of("alpha-2", "beta-1")) {
            for (String level20 : List.of("widgets.example.com", "delta-0")) {
                assertBefore(order, level10, level20);
            }
        }
        for (String level20 : List.of("gamma-widget", "delta-0")) {
            assertBefore(order, level20, "epsilon-0");
        }
        assertThat(byName(result).get("widgets.example.com").status()).isEqualTo(StepStatus.CREATED);
        assertThat(byName(result).get("gamma-widget").status()).isEqualTo(StepStatus.CREATED);
    }

    @Test
    void theCrdOfAChainIsEstablishedBeforeTheChainGoesOn() {
        run(payload.plan(NS), true, 8);

        List<MockCluster.Request> requests = cluster.requests();
        int crdEstablishedRead = -1;
        int widgetCreate = -1;
        for (int i = 0; i < requests.size(); i++) {
            MockCluster.Request request = requests.get(i);
            if (request.method().equals("GET") && request.path().endsWith("/customresourcedefinitions/widgets.example.com")
                    && crdEstablishedRead < 0) {
                crdEstablishedRead = i;
            }
            if (request.method().equals("PATCH") && request.path().contains("/widgets/")) {
                widgetCreate = i;
            }
        }
        assertThat(crdEstablishedRead).isNotNegative().isLessThan(widgetCreate);
    }

    @Test
    void withOneStepAtATimeTheOrderIsThePlansOrder() {
        InstallPlan plan = payload.plan(NS);

        run(plan, true, 1);

        assertThat(cluster.createdNames()).isEqualTo(plan.steps().stream().map(step -> step.resource().name()).toList());
        assertThat(cluster.createdNames()).containsExactly("alpha-0", "alpha-1", "alpha-2", "beta-0", "beta-1", "delta-0",
                "widgets.example.com", "gamma-widget", "epsilon-0");
    }

    @Test
    void aFailedStepSkipsTheRestOfItsChainAndLaterLevelsWhileOtherChainsGoOn() {
        cluster.server().expect().patch().withPath("/api/v1/namespaces/" + NS + "/secrets/beta-0?fieldManager=bundlectl")
                .andReturn(422, invalid("beta-0")).once();

        InstallPlan result = run(payload.plan(NS), true, 8);

        assertThat(result.status().phase()).isEqualTo(InstallPlanPhase.FAILED);
        Map<String, Step> steps = byName(result);
        assertThat(steps.get("beta-0").status()).isEqualTo(StepStatus.FAILED);
        // beta-0's apply was answered 422; nothing after it in its chain or in later levels was sent.
        assertThat(cluster.requests("PATCH", "/api/v1/namespaces/" + NS + "/secrets/beta-0")).hasSize(1);
        assertThat(cluster.createdNames()).containsExactlyInAnyOrder("alpha-0", "alpha-1", "alpha-2");
        assertThat(steps.get("beta-1").status()).isEqualTo(StepStatus.UNKNOWN);
        assertThat(steps.get("beta-1").message()).isEqualTo("not started: Secret/" + NS + "/beta-0 failed, and this "
                + "step runs after it (later in the same component chain)");
        for (String later : List.of("widgets.example.com", "gamma-widget", "delta-0", "epsilon-0")) {
            assertThat(steps.get(later).status()).as(later).isEqualTo(StepStatus.UNKNOWN);
            assertThat(steps.get(later).message()).as(later).endsWith("(in a later level)");
        }
        assertThat(result.status().message()).startsWith("Secret/" + NS + "/beta-0: ")
                .doesNotContain("not started");
    }

    @Test
    void aFirstInstallRunsInstallLevelOneAfterEveryLevelZeroManifest() {
        payload.file("0000_10_alpha_02_late.yaml", configMap(NS, "alpha-late",
                "release.openshift.io/install-level: \"1\"", "release.openshift.io/create-only: \"true\""));

        run(payload.plan(NS), true, 8);

        List<String> order = cluster.createdNames();
        assertThat(order.get(order.size() - 1)).isEqualTo("alpha-late");
    }

    @Test
    void aLaterInstallIgnoresInstallLevels() {
        payload.file("0000_10_alpha_02_late.yaml", configMap(NS, "alpha-late",
                "release.openshift.io/install-level: \"1\"", "release.openshift.io/create-only: \"true\""));

        run(payload.plan(NS), false, 1);

        assertThat(cluster.createdNames()).containsExactly("alpha-0", "alpha-1", "alpha-2", "alpha-late", "beta-0", "beta-1",
                "delta-0", "widgets.example.com", "gamma-widget", "epsilon-0");
    }

    @Test
    void capabilityExcludedStepsAreNeverSentAndDoNotBreakTheirChain() {
        InstallPlan plan = payload.plan(NS);
        int alpha1 = byIndex(plan, "alpha-1");
        List<Step> steps = new java.util.ArrayList<>(plan.steps());
        steps.set(alpha1, steps.get(alpha1).withStatus(StepStatus.NOT_CREATED, "capability Console disabled"));
        InstallPlan excluded = plan.withStatus(new InstallPlan.Status(plan.status().phase(), plan.status().conditions(),
                steps, null, null, null, null));

        InstallPlan result = run(excluded, true, 1);

        assertThat(result.status().phase()).isEqualTo(InstallPlanPhase.COMPLETE);
        assertThat(cluster.createdNames()).startsWith("alpha-0", "alpha-2").doesNotContain("alpha-1");
        assertThat(byName(result).get("alpha-1").status()).isEqualTo(StepStatus.NOT_CREATED);
    }

    private static int byIndex(InstallPlan plan, String name) {
        for (int i = 0; i < plan.steps().size(); i++) {
            if (plan.steps().get(i).resource().name().equals(name)) {
                return i;
            }
        }
        throw new AssertionError("no step " + name);
    }

    private static String invalid(String name) {
        return "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"reason\":\"Invalid\",\"code\":422,"
                + "\"message\":\"Secret \\\"" + name + "\\\" is invalid: data: forbidden\"}";
    }
}
