package dev.bundlectl.executor;

import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.apply.ApplySettings;
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
import dev.bundlectl.plan.model.StepStatus;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Server-side dry run: every write carries dryRun=All, and what cannot be checked is not reported as an error. */
class DryRunTest {

    private MockCluster cluster;
    private ClusterConnection connection;

    @BeforeEach
    void startCluster() {
        cluster = MockCluster.start();
        // The CRUD mock ignores dryRun, so script the CRD's dry-run apply the way a real server
        // answers it: created (201), not stored, and its group stays unserved.
        ObjectNode widgets = crd("example.com", "widgets", "Widget", "v1");
        cluster.server().expect().patch().withPath("/apis/apiextensions.k8s.io/v1/customresourcedefinitions/"
                + "widgets.example.com?fieldManager=bundlectl&dryRun=All").andReturn(201, Manifests.write(widgets)).always();
        connection = cluster.connect();
    }

    @AfterEach
    void stopCluster() {
        cluster.close();
    }

    @Test
    void everyWriteIsADryRunAndObjectsOfNewCrdsAreNotChecked() {
        cluster.crdsNeverEstablish();
        RecordingListener listener = new RecordingListener();
        InstallPlan plan = Manifests.plan(required(csv(), true), required(crd("example.com", "widgets", "Widget", "v1"), false),
                required(configMap("settings", Map.of()), true), required(object("example.com/v1", "Widget", "sample"), true));

        InstallPlan result = Await.result(new PlanApplier(connection).start(PlannedInstall.read(plan),
                ApplySettings.builder().dryRunServer(true).scheduler(new VirtualScheduler()).build(), listener).result());

        assertThat(result.status().phase()).isEqualTo(InstallPlanPhase.COMPLETE);
        assertThat(cluster.dryRuns()).isNotEmpty().allSatisfy(request -> assertThat(request.path()).endsWith("dryRun=All"));
        assertThat(result.steps().get(1).status()).isEqualTo(StepStatus.CREATED);
        assertThat(result.steps().get(1).message()).isEqualTo("dry run: created");
        // No CRD wait in a dry run: nothing was stored, so it would never become Established.
        assertThat(listener.eventsFor(1)).noneMatch(event -> event.status() == StepStatus.WAITING_FOR_API);
        assertThat(result.steps().get(2).message()).isEqualTo("dry run: created");
        assertThat(result.steps().get(3).status()).isEqualTo(StepStatus.UNKNOWN);
        assertThat(result.steps().get(3).message()).isEqualTo("not checked: its CRD is created by this plan");
        assertThat(cluster.requests()).noneMatch(request -> request.path().contains("/namespaces/operators/widgets"));
    }

    @Test
    void anExistingObjectIsUpdatedAsADryRun() {
        ObjectNode existing = configMap("settings", Map.of("level", "old"));
        existing.withObject("/metadata").put("namespace", Manifests.NS);
        connection.client().resource(Manifests.write(existing)).inNamespace(Manifests.NS).create();
        cluster.clearRequests();

        RunningPlan run = new PlanApplier(connection).start(PlannedInstall.read(
                Manifests.plan(required(configMap("settings", Map.of("level", "new")), true))),
                ApplySettings.builder().dryRunServer(true).scheduler(new VirtualScheduler()).build(),
                new RecordingListener());
        InstallPlan result = Await.result(run.result());

        assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.PRESENT);
        assertThat(result.steps().get(0).message()).isEqualTo("dry run: already existed; updated");
        assertThat(cluster.requests("PATCH", "/api/v1/namespaces/operators/configmaps/settings")).isEmpty();
        assertThat(cluster.dryRuns()).singleElement().satisfies(apply -> assertThat(apply.path())
                .startsWith("/api/v1/namespaces/operators/configmaps/settings").endsWith("dryRun=All"));
        // What plan -o diff compares with the live object: the object as the dry run's answer showed it.
        assertThat(run.dryRunAnswers()).containsOnlyKeys(0);
        assertThat(run.dryRunAnswers().get(0).at("/metadata/name").asText()).isEqualTo("settings");
    }

    @Test
    void aRealRunKeepsNoAnswers() {
        RunningPlan run = new PlanApplier(connection).start(PlannedInstall.read(
                Manifests.plan(required(configMap("settings", Map.of("level", "new")), true))),
                ApplySettings.builder().scheduler(new VirtualScheduler()).build(), new RecordingListener());

        assertThat(Await.result(run.result()).status().phase()).isEqualTo(InstallPlanPhase.COMPLETE);
        assertThat(run.observedObjects()).containsOnlyKeys(0);
        assertThat(run.dryRunAnswers()).isEmpty();
    }
}
