package dev.bundlectl.executor;

import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.apply.ApplySettings;
import static dev.bundlectl.executor.testing.Manifests.annotate;
import static dev.bundlectl.executor.testing.Manifests.configMap;
import static dev.bundlectl.executor.testing.Manifests.crd;
import static dev.bundlectl.executor.testing.Manifests.csv;
import static dev.bundlectl.executor.testing.Manifests.object;
import static dev.bundlectl.executor.testing.Manifests.required;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.Manifests;
import dev.bundlectl.executor.testing.MockCluster;
import dev.bundlectl.executor.testing.RecordingListener;
import dev.bundlectl.executor.testing.VirtualScheduler;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Seed 002's install levels in a bundle: during a first install every level-0 step is reconciled
 * before any level-1 step starts, a level-1 CRD included (each level runs its CRDs, then its CSV,
 * so that OLM finds the CRDs the CSV owns, then the rest); later installs ignore the levels. Invalid levels fail the plan before anything is sent.
 */
class InstallLevelStagingTest {

    private MockCluster cluster;
    private ClusterConnection connection;

    @BeforeEach
    void start() {
        cluster = MockCluster.start();
        connection = cluster.connect();
    }

    @AfterEach
    void stop() {
        cluster.close();
    }

    private static ObjectNode late(String name) {
        return annotate(annotate(configMap(name, Map.of()), "release.openshift.io/install-level", "1"),
                "release.openshift.io/create-only", "true");
    }

    /** The late step first in plan order, so that only staging can put it last. */
    private static InstallPlan plan() {
        return Manifests.plan(List.of(
                required(csv(), true),
                required(crd("example.com", "widgets", "Widget", "v1"), false),
                required(late("late"), true),
                required(configMap("a", Map.of()), true),
                required(object("example.com/v1", "Widget", "sample"), true),
                required(configMap("b", Map.of()), true)));
    }

    private InstallPlan run(InstallPlan plan, boolean firstInstall, int concurrency) {
        ApplySettings options = ApplySettings.builder().scheduler(new VirtualScheduler())
                .concurrency(concurrency).firstInstall(firstInstall).build();
        return Await.result(new PlanApplier(connection).start(PlannedInstall.read(plan), options, new RecordingListener()).result());
    }


    @Test
    void aFirstInstallAppliesLevelOneOnlyAfterEveryLevelZeroStep() {
        InstallPlan result = run(plan(), true, 8);

        assertThat(result.status().phase()).as(result.status().message()).isEqualTo(InstallPlanPhase.COMPLETE);
        List<String> order = cluster.createdNames();
        assertThat(order).hasSize(6);
        assertThat(order.subList(0, 2)).containsExactly("widgets.example.com", Manifests.CSV_NAME);
        assertThat(order.subList(2, 5)).containsExactlyInAnyOrder("a", "sample", "b");
        assertThat(order.get(5)).isEqualTo("late");
        assertThat(result.steps().get(2).status()).isEqualTo(StepStatus.CREATED);
    }

    @Test
    void aFirstInstallCreatesALevelOneCrdOnlyAfterEveryLevelZeroStep() {
        ObjectNode lateCrd = annotate(annotate(crd("example.com", "gadgets", "Gadget", "v1"),
                "release.openshift.io/install-level", "1"), "release.openshift.io/create-only", "true");
        InstallPlan plan = Manifests.plan(List.of(
                required(csv(), true),
                required(lateCrd, false),
                required(configMap("a", Map.of()), true),
                required(configMap("b", Map.of()), true)));

        InstallPlan result = run(plan, true, 8);

        assertThat(result.status().phase()).as(result.status().message()).isEqualTo(InstallPlanPhase.COMPLETE);
        List<String> order = cluster.createdNames();
        assertThat(order).hasSize(4);
        assertThat(order.get(0)).isEqualTo(Manifests.CSV_NAME);
        assertThat(order.subList(1, 3)).containsExactlyInAnyOrder("a", "b");
        assertThat(order.get(3)).isEqualTo("gadgets.example.com");
    }

    @Test
    void aLaterInstallDoesNotStage() {
        run(plan(), false, 1);

        // The CRD before the CSV, though the plan lists the CSV first: OLM should find the CRDs it owns.
        assertThat(cluster.createdNames()).containsExactly("widgets.example.com", Manifests.CSV_NAME, "late", "a", "sample", "b");
    }

    @Test
    void levelOneDoesNotStartWhenALevelZeroStepFailed() {
        cluster.server().expect().post().withPath("/apis/example.com/v1/namespaces/" + Manifests.NS + "/widgets")
                .andReturn(422, "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"reason\":\"Invalid\","
                        + "\"code\":422,\"message\":\"Widget is invalid\"}").once();

        InstallPlan result = run(plan(), true, 8);

        assertThat(result.status().phase()).isEqualTo(InstallPlanPhase.FAILED);
        assertThat(cluster.createdNames()).doesNotContain("late");
        Step late = result.steps().get(2);
        assertThat(late.status()).isEqualTo(StepStatus.UNKNOWN);
    }

    @Test
    void everyInstallLevelRuleFailsThePlanBeforeAnythingIsSent() {
        ObjectNode unknownLevel = annotate(annotate(configMap("two", Map.of()), "release.openshift.io/install-level", "2"),
                "release.openshift.io/create-only", "true");
        ObjectNode notCreateOnly = annotate(configMap("plain", Map.of()), "release.openshift.io/install-level", "1");

        InstallPlan result = run(Manifests.plan(required(configMap("a", Map.of()), true), required(unknownLevel, true),
                required(notCreateOnly, true)), true, 8);

        assertThat(cluster.writes()).isEmpty();
        assertThat(result.status().phase()).isEqualTo(InstallPlanPhase.FAILED);
        assertThat(result.status().conditions().get(0).reason()).isEqualTo("InstallCheckFailed");
        assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.UNKNOWN);
        assertThat(result.steps().get(1).status()).isEqualTo(StepStatus.FAILED);
        assertThat(result.steps().get(1).message())
                .isEqualTo("invalid install level \"2\": release.openshift.io/install-level must be 0 or 1");
        assertThat(result.steps().get(2).status()).isEqualTo(StepStatus.FAILED);
        assertThat(result.steps().get(2).message()).isEqualTo("release.openshift.io/install-level requires "
                + "release.openshift.io/create-only: \"true\" on the same manifest");
    }
}
