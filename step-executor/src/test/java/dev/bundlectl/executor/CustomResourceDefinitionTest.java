package dev.bundlectl.executor;

import dev.bundlectl.executor.records.AppliedState;
import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.executor.apply.PreflightFinding;
import static dev.bundlectl.executor.testing.Manifests.configMap;
import static dev.bundlectl.executor.testing.Manifests.crd;
import static dev.bundlectl.executor.testing.Manifests.object;
import static dev.bundlectl.executor.testing.Manifests.required;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.DiscoveryDocuments;
import dev.bundlectl.executor.testing.ScriptedServer;
import dev.bundlectl.executor.testing.Manifests;
import dev.bundlectl.executor.testing.MockCluster;
import dev.bundlectl.executor.testing.RecordingListener;
import dev.bundlectl.executor.testing.VirtualScheduler;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** CRD waits and CRD updates. */
class CustomResourceDefinitionTest {

    private static final String CRDS = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";

    private MockCluster cluster;
    private ClusterConnection connection;
    private RecordingListener listener;

    @BeforeEach
    void startCluster() {
        cluster = MockCluster.start();
        connection = cluster.connect();
        listener = new RecordingListener();
    }

    @AfterEach
    void stopCluster() {
        cluster.close();
    }

    private InstallPlan run(ApplySettings.Builder options, Step... steps) {
        return Await.result(new PlanApplier(connection).start(PlannedInstall.read(Manifests.plan(steps)),
                options.scheduler(new VirtualScheduler()).build(), listener).result());
    }

    private void seedCrd(ObjectNode crd, String... storedVersions) {
        ObjectNode existing = crd.deepCopy();
        var stored = existing.putObject("status").putArray("storedVersions");
        for (String version : storedVersions) {
            stored.add(version);
        }
        connection.client().resource(Manifests.write(existing)).create();
        cluster.clearRequests();
    }

    @Test
    void aCrdThatNeverBecomesEstablishedFailsThePlanAndNothingLaterStarts() {
        cluster.crdsNeverEstablish();

        InstallPlan result = run(ApplySettings.builder(), required(crd("example.com", "widgets", "Widget", "v1"), false),
                required(configMap("after", Map.of()), true));

        Step crdStep = result.steps().get(0);
        assertThat(crdStep.status()).isEqualTo(StepStatus.FAILED);
        assertThat(crdStep.message()).isEqualTo("CustomResourceDefinition widgets.example.com was not Established and "
                + "NamesAccepted within 1m (Established not reported; NamesAccepted not reported)");
        assertThat(InstallFlowTest.changes(listener, 0)).containsExactly(
                new InstallFlowTest.StatusChange(StepStatus.UNKNOWN, StepStatus.WAITING_FOR_API),
                new InstallFlowTest.StatusChange(StepStatus.WAITING_FOR_API, StepStatus.FAILED));
        assertThat(result.steps().get(1).status()).isEqualTo(StepStatus.UNKNOWN);
        assertThat(cluster.requests()).noneMatch(request -> request.path().contains("configmaps"));
        assertThat(result.status().phase()).isEqualTo(InstallPlanPhase.FAILED);
    }

    @Test
    void rejectedNamesAreNamedInTheTimeoutMessage() {
        cluster.crdNamesRejected("MultipleNamesNotAllowed");

        InstallPlan result = run(ApplySettings.builder().crdTimeout(Duration.ofSeconds(5)),
                required(crd("example.com", "widgets", "Widget", "v1"), false));

        assertThat(result.steps().get(0).message()).endsWith("within 5s (Established=True InitialNamesAccepted; "
                + "NamesAccepted=False MultipleNamesNotAllowed: plural name is already in use)");
    }

    @Test
    void theInstallDeadlineCutsACrdWaitShort() {
        cluster.crdsNeverEstablish();

        InstallPlan result = run(ApplySettings.builder().timeout(Duration.ofSeconds(10)),
                required(crd("example.com", "widgets", "Widget", "v1"), false));

        assertThat(result.steps().get(0).message()).contains("was not Established and NamesAccepted before the install "
                + "deadline");
    }

    @Test
    void discoveryThatTrailsTheEstablishedConditionIsWaitedFor() {
        try (ScriptedServer server = ScriptedServer.start()) {
            ObjectNode widgets = crd("example.com", "widgets", "Widget", "v1");
            ObjectNode established = widgets.deepCopy();
            established.putObject("status").putArray("conditions")
                    .add(Manifests.read("{\"type\":\"Established\",\"status\":\"True\"}"))
                    .add(Manifests.read("{\"type\":\"NamesAccepted\",\"status\":\"True\"}"));
            server.on("GET", CRDS + "/widgets.example.com", ScriptedServer.status(404, "NotFound",
                    "customresourcedefinitions.apiextensions.k8s.io \"widgets.example.com\" not found"));
            server.on("PATCH", CRDS + "/widgets.example.com", ScriptedServer.json(201, Manifests.write(widgets)));
            server.always("GET", CRDS + "/widgets.example.com", ScriptedServer.json(200, Manifests.write(established)));
            String empty = DiscoveryDocuments.resources("example.com/v1");
            server.on("GET", "/apis/example.com/v1", ScriptedServer.json(200, empty), ScriptedServer.json(200, empty),
                    ScriptedServer.json(200, empty));
            server.always("GET", "/apis/example.com/v1",
                    ScriptedServer.json(200, DiscoveryDocuments.resources("example.com/v1", "widgets:Widget:true")));
            server.on("PATCH", "/apis/example.com/v1/namespaces/operators/widgets/sample",
                    ScriptedServer.json(201, Manifests.write(object("example.com/v1", "Widget", "sample"))));

            InstallPlan result = Await.result(new PlanApplier(server.connect(Duration.ofSeconds(5))).start(PlannedInstall.read(
                    Manifests.plan(required(widgets, false), required(object("example.com/v1", "Widget", "sample"), true))),
                    ApplySettings.builder().scheduler(new VirtualScheduler()).build(), listener).result());

            assertThat(result.steps()).extracting(Step::status).containsExactly(StepStatus.CREATED, StepStatus.CREATED);
            assertThat(server.count("GET", "/apis/example.com/v1")).isEqualTo(4);
        }
    }

    @Test
    void anUpdateThatDropsAStoredVersionIsRefused() {
        seedCrd(crd("example.com", "widgets", "Widget", "v1alpha1", "v1"), "v1alpha1", "v1");

        InstallPlan result = run(ApplySettings.builder(), required(crd("example.com", "widgets", "Widget", "v1"), false),
                required(configMap("after", Map.of()), true));

        Step step = result.steps().get(0);
        assertThat(step.status()).isEqualTo(StepStatus.FAILED);
        assertThat(step.message()).isEqualTo("risk of data loss updating CustomResourceDefinition widgets.example.com: "
                + "stored version v1alpha1 is not in the new spec's versions [v1]");
        assertThat(cluster.requests("PATCH", CRDS)).isEmpty();
        assertThat(result.steps().get(1).status()).isEqualTo(StepStatus.UNKNOWN);
    }

    @Test
    void anUpdateThatKeepsEveryStoredVersionIsAppliedAndWaitedFor() {
        seedCrd(crd("example.com", "widgets", "Widget", "v1"), "v1");

        InstallPlan result = run(ApplySettings.builder(),
                required(crd("example.com", "widgets", "Widget", "v1", "v2"), false));

        Step step = result.steps().get(0);
        assertThat(step.status()).isEqualTo(StepStatus.PRESENT);
        assertThat(step.message()).isEqualTo("already existed; updated; Established and NamesAccepted");
        assertThat(cluster.requests("PATCH", CRDS + "/widgets.example.com")).hasSize(1);
        assertThat(connection.client().apiextensions().v1().customResourceDefinitions().withName("widgets.example.com")
                .get().getSpec().getVersions()).hasSize(2);
    }

    @Test
    void aReRunWhoseApplyLeavesTheCrdsGenerationTakesItsAnswerForServedAndReadsItOnlyBefore() {
        try (ScriptedServer server = ScriptedServer.start()) {
            ObjectNode widgets = crd("example.com", "widgets", "Widget", "v1");
            scriptExisting(server, widgets, 4, 4);

            InstallPlan result = applyWith(server, widgets);

            assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.PRESENT);
            assertThat(result.steps().get(0).message()).isEqualTo("already existed; updated; Established and NamesAccepted");
            assertThat(server.count("GET", CRDS + "/widgets.example.com")).as(server.requests().toString()).isEqualTo(1);
        }
    }

    @Test
    void anApplyThatMovesTheGenerationReadsTheCrdAgainUntilItIsServed() {
        try (ScriptedServer server = ScriptedServer.start()) {
            ObjectNode widgets = crd("example.com", "widgets", "Widget", "v1");
            scriptExisting(server, widgets, 4, 5);

            InstallPlan result = applyWith(server, widgets);

            assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.PRESENT);
            assertThat(server.count("GET", CRDS + "/widgets.example.com")).as(server.requests().toString()).isEqualTo(2);
        }
    }

    @Test
    void aCrdFoundAsTheLastInstallLeftItIsNeitherReadNorSentAndItsStateCarriesOver() {
        try (ScriptedServer server = ScriptedServer.start()) {
            ObjectNode widgets = crd("example.com", "widgets", "Widget", "v1");
            scriptExisting(server, widgets, 4, 4);
            AppliedState left = new AppliedState("74", AppliedState.digestOf(widgets));

            RunningPlan running = new PlanApplier(server.connect(Duration.ofSeconds(5))).start(
                    PlannedInstall.read(Manifests.plan(required(widgets, false))),
                    ApplySettings.builder().scheduler(new VirtualScheduler()).build(), listener, Map.of(0, new PreflightFinding.Unchanged(left)));
            InstallPlan result = Await.result(running.result());

            assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.PRESENT);
            assertThat(result.steps().get(0).message())
                    .isEqualTo("already existed, unchanged since the last install; not sent again");
            assertThat(server.requests()).as("no read, no apply").noneMatch(request -> request.contains(CRDS));
            assertThat(running.appliedStates()).containsEntry(0, left);
        }
    }

    @Test
    void aCrdWhoseManifestChangedSinceIsReadAndApplied() {
        try (ScriptedServer server = ScriptedServer.start()) {
            ObjectNode widgets = crd("example.com", "widgets", "Widget", "v1");
            scriptExisting(server, widgets, 4, 4);
            AppliedState leftForAnotherBody = new AppliedState("74", AppliedState.digestOf(crd("example.com", "widgets",
                    "Widget", "v1beta1")));

            RunningPlan running = new PlanApplier(server.connect(Duration.ofSeconds(5))).start(
                    PlannedInstall.read(Manifests.plan(required(widgets, false))),
                    ApplySettings.builder().scheduler(new VirtualScheduler()).build(), listener,
                    Map.of(0, new PreflightFinding.Unchanged(leftForAnotherBody)));
            InstallPlan result = Await.result(running.result());

            assertThat(result.steps().get(0).message()).isEqualTo("already existed; updated; Established and NamesAccepted");
            assertThat(server.count("GET", CRDS + "/widgets.example.com")).isEqualTo(1);
            assertThat(server.count("PATCH", CRDS + "/widgets.example.com")).isEqualTo(1);
            assertThat(running.appliedStates()).as("what this apply left, for the next run")
                    .containsEntry(0, new AppliedState("74", AppliedState.digestOf(widgets)));
        }
    }

    // An existing, served CRD at generation `before`, whose apply answers generation `after`.
    private static void scriptExisting(ScriptedServer server, ObjectNode crd, int before, int after) {
        server.always("GET", CRDS + "/widgets.example.com", ScriptedServer.json(200, Manifests.write(served(crd, before))));
        server.always("PATCH", CRDS + "/widgets.example.com", ScriptedServer.json(200, Manifests.write(served(crd, after))));
        server.always("GET", "/apis/example.com/v1",
                ScriptedServer.json(200, DiscoveryDocuments.resources("example.com/v1", "widgets:Widget:true")));
        server.always("GET", "/apis/example.com/v1/widgets",
                ScriptedServer.json(200, "{\"apiVersion\":\"example.com/v1\",\"kind\":\"WidgetList\",\"metadata\":{},\"items\":[]}"));
    }

    private static ObjectNode served(ObjectNode crd, int generation) {
        ObjectNode live = crd.deepCopy();
        live.with("metadata").put("generation", generation).put("resourceVersion", "7" + generation);
        ObjectNode status = live.putObject("status");
        status.putArray("storedVersions").add("v1");
        status.putArray("conditions")
                .add(Manifests.read("{\"type\":\"Established\",\"status\":\"True\"}"))
                .add(Manifests.read("{\"type\":\"NamesAccepted\",\"status\":\"True\"}"));
        return live;
    }

    private InstallPlan applyWith(ScriptedServer server, ObjectNode crd) {
        return Await.result(new PlanApplier(server.connect(Duration.ofSeconds(5))).start(
                PlannedInstall.read(Manifests.plan(required(crd, false))),
                ApplySettings.builder().scheduler(new VirtualScheduler()).build(), listener).result());
    }
}
