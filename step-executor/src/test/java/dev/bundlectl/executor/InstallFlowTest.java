package dev.bundlectl.executor;

import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.apply.ApplySettings;
import static dev.bundlectl.executor.testing.Manifests.NS;
import static dev.bundlectl.executor.testing.Manifests.clusterRole;
import static dev.bundlectl.executor.testing.Manifests.clusterRoleBinding;
import static dev.bundlectl.executor.testing.Manifests.configMap;
import static dev.bundlectl.executor.testing.Manifests.crd;
import static dev.bundlectl.executor.testing.Manifests.csv;
import static dev.bundlectl.executor.testing.Manifests.object;
import static dev.bundlectl.executor.testing.Manifests.optional;
import static dev.bundlectl.executor.testing.Manifests.required;
import static dev.bundlectl.executor.testing.Manifests.service;
import static dev.bundlectl.executor.testing.Manifests.serviceAccount;
import static dev.bundlectl.executor.testing.Manifests.serviceMonitor;
import static dev.bundlectl.executor.testing.Manifests.step;
import static dev.bundlectl.executor.testing.Manifests.verticalPodAutoscaler;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.discovery.ResourceContexts;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.Manifests;
import dev.bundlectl.executor.testing.MockCluster;
import dev.bundlectl.executor.testing.RecordingListener;
import dev.bundlectl.executor.testing.VirtualScheduler;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.api.ApiResource;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A whole bundle installed into fabric8's CRUD mock, then installed again. */
class InstallFlowTest {

    private static final int CSV = 0;
    private static final int WIDGETS_CRD = 1;
    private static final int GADGETS_CRD = 2;
    private static final int SERVICE = 6;
    private static final int WIDGET = 7;
    private static final int SERVICE_MONITOR = 8;
    private static final int VPA = 9;
    private static final int EXCLUDED = 10;
    private static final int UNSUPPORTED = 11;

    private MockCluster cluster;
    private ClusterConnection connection;

    @BeforeEach
    void startCluster() {
        cluster = MockCluster.start();
        // A real API server answers a group it does not serve with a plain-text 404.
        cluster.server().expect().get().withPath("/apis/monitoring.coreos.com/v1").andReturn(404, "404 page not found")
                .always();
        connection = cluster.connect();
    }

    @AfterEach
    void stopCluster() {
        cluster.close();
    }

    static InstallPlan bundlePlan() {
        return Manifests.plan(List.of(
                required(csv(), true),
                required(crd("example.com", "widgets", "Widget", "v1"), false),
                required(crd("example.com", "gadgets", "Gadget", "v1", "v2"), false),
                required(clusterRole("demo"), false),
                required(clusterRoleBinding("demo", "demo"), false),
                required(serviceAccount("demo"), true),
                required(service("demo"), true),
                required(object("example.com/v1", "Widget", "sample"), true),
                optional(serviceMonitor("demo"), true),
                optional(verticalPodAutoscaler("demo"), true),
                step(configMap("console-only", Map.of()), true, false, StepStatus.NOT_CREATED)
                        .withStatus(StepStatus.NOT_CREATED, "capability Console disabled"),
                step(object("apps/v1", "Deployment", "demo"), true, false, StepStatus.UNSUPPORTED_RESOURCE)));
    }

    private InstallPlan run(InstallPlan plan, RecordingListener listener) {
        ApplySettings options = ApplySettings.builder().scheduler(new VirtualScheduler()).build();
        return Await.result(new PlanApplier(connection).start(PlannedInstall.read(plan), options, listener).result());
    }

    @Test
    void installsEveryStepAndReportsMissingOptionalApisAsNotCreated() {
        RecordingListener listener = new RecordingListener();
        InstallPlan result = run(bundlePlan(), listener);

        assertThat(result.status().phase()).isEqualTo(InstallPlanPhase.COMPLETE);
        PlanCondition installed = result.status().conditions().get(0);
        assertThat(installed.type()).isEqualTo("Installed");
        assertThat(installed.status()).isEqualTo("True");
        assertThat(result.status().startTime()).isNotNull();
        assertThat(result.status().completionTime()).isNotNull();

        List<Step> steps = result.steps();
        for (int index = CSV; index <= WIDGET; index++) {
            assertThat(steps.get(index).status()).as(steps.get(index).resource().displayName())
                    .isEqualTo(StepStatus.CREATED);
        }
        assertThat(steps.get(SERVICE_MONITOR).status()).isEqualTo(StepStatus.NOT_CREATED);
        assertThat(steps.get(SERVICE_MONITOR).message()).isEqualTo("api-server resource not found installing "
                + "ServiceMonitor demo: GroupVersionKind monitoring.coreos.com/v1, Kind=ServiceMonitor not found on the cluster");
        assertThat(steps.get(VPA).status()).isEqualTo(StepStatus.NOT_CREATED);
        assertThat(steps.get(VPA).message()).contains("GroupVersionKind autoscaling.k8s.io/v1, Kind=VerticalPodAutoscaler");
        assertThat(steps.get(EXCLUDED).status()).isEqualTo(StepStatus.NOT_CREATED);
        assertThat(steps.get(EXCLUDED).message()).isEqualTo("capability Console disabled");
        assertThat(steps.get(UNSUPPORTED).status()).isEqualTo(StepStatus.UNSUPPORTED_RESOURCE);

        // Nothing is sent for unserved, excluded or unsupported steps.
        assertThat(cluster.requests()).noneMatch(request -> request.path().contains("servicemonitors")
                || request.path().contains("verticalpodautoscalers") || request.path().contains("configmaps")
                || request.path().contains("deployments"));

        // Namespaced objects land in the step's namespace.
        assertThat(connection.client().services().inNamespace(NS).withName("demo").get()).isNotNull();
        assertThat(connection.client().genericKubernetesResources(ResourceContexts.of(
                new ApiResource("example.com", "v1", "Widget", "widgets", true))).inNamespace(NS).withName("sample").get())
                .isNotNull();
        assertThat(listener.allOnVertxThreads()).isTrue();
    }

    @Test
    void crdsAreServedBeforeAnyLaterStepStarts() {
        RecordingListener listener = new RecordingListener();
        run(bundlePlan(), listener);

        for (int crd : new int[] {WIDGETS_CRD, GADGETS_CRD}) {
            List<StatusChange> changes = changes(listener, crd);
            assertThat(changes).containsExactly(new StatusChange(StepStatus.UNKNOWN, StepStatus.WAITING_FOR_API),
                    new StatusChange(StepStatus.WAITING_FOR_API, StepStatus.CREATED));
        }
        List<MockCluster.Request> requests = cluster.requests();
        int lastCrdRead = -1;
        int firstLaterWrite = Integer.MAX_VALUE;
        for (int i = 0; i < requests.size(); i++) {
            MockCluster.Request request = requests.get(i);
            if (request.method().equals("GET") && request.path().contains("/customresourcedefinitions/")) {
                lastCrdRead = i;
            }
            boolean foundation = request.path().contains("customresourcedefinitions")
                    || request.path().contains("clusterserviceversions");
            if (!request.method().equals("GET") && !foundation) {
                firstLaterWrite = Math.min(firstLaterWrite, i);
            }
        }
        assertThat(lastCrdRead).isPositive();
        assertThat(firstLaterWrite).isGreaterThan(lastCrdRead);
    }

    @Test
    void runningTheResultAgainFindsEverythingPresentWithoutDuplicates() {
        InstallPlan first = run(bundlePlan(), new RecordingListener());
        cluster.clearRequests();

        InstallPlan second = run(first, new RecordingListener());

        assertThat(second.status().phase()).isEqualTo(InstallPlanPhase.COMPLETE);
        List<Step> steps = second.steps();
        assertThat(steps.get(CSV).status()).isEqualTo(StepStatus.PRESENT);
        assertThat(steps.get(CSV).message()).contains("never updated");
        for (int index = WIDGETS_CRD; index <= WIDGET; index++) {
            assertThat(steps.get(index).status()).as(steps.get(index).resource().displayName())
                    .isEqualTo(StepStatus.PRESENT);
        }
        assertThat(steps.get(SERVICE).message()).isEqualTo("already existed; updated");
        // Steps that ended NotCreated are not sent again.
        assertThat(steps.get(SERVICE_MONITOR).status()).isEqualTo(StepStatus.NOT_CREATED);
        assertThat(cluster.requests()).noneMatch(request -> request.path().contains("servicemonitors"));
        // The CSV is never updated.
        assertThat(cluster.requests("PATCH", "/apis/operators.coreos.com")).isEmpty();
        assertThat(cluster.requests("PUT", "/apis/operators.coreos.com")).isEmpty();

        assertThat(connection.client().services().inNamespace(NS).list().getItems()).hasSize(1);
        assertThat(connection.client().apiextensions().v1().customResourceDefinitions().list().getItems()).hasSize(2);
        assertThat(connection.client().rbac().clusterRoles().list().getItems()).hasSize(1);
    }

    @Test
    void anUpdateSendsOnlyTheManifestSoTheServerKeepsTheClusterIpItAssigned() {
        ObjectNode existing = service("demo");
        ((ObjectNode) existing.get("spec")).put("clusterIP", "10.0.0.17");
        existing.withObject("/metadata").put("namespace", NS);
        connection.client().resource(Manifests.write(existing)).inNamespace(NS).create();
        cluster.clearRequests();

        InstallPlan result = run(Manifests.plan(required(service("demo"), true)), new RecordingListener());

        assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.PRESENT);
        List<MockCluster.Request> applies = cluster.requests("PATCH", "/api/v1/namespaces/operators/services/demo");
        assertThat(applies).hasSize(1);
        ObjectNode sent = Manifests.read(applies.get(0).body());
        // Server-side apply: no copied live fields and no resourceVersion, so nothing to go stale.
        assertThat(sent.path("spec").has("clusterIP")).isFalse();
        assertThat(sent.path("metadata").has("resourceVersion")).isFalse();
        assertThat(connection.client().services().inNamespace(NS).withName("demo").get().getSpec().getClusterIP())
                .isEqualTo("10.0.0.17");
    }

    record StatusChange(StepStatus from, StepStatus to) {
    }

    static List<StatusChange> changes(RecordingListener listener, int step) {
        return listener.eventsFor(step).stream().filter(event -> !event.isRetry())
                .map(event -> new StatusChange(event.previousStatus(), event.status())).toList();
    }
}
