package dev.bundlectl.executor.uninstall;

import static dev.bundlectl.executor.records.TestPlans.step;
import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.executor.records.TestPlans;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.DiscoveryDocuments;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBuilder;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@EnableKubernetesMockClient(crud = true)
class UninstallerTest {

    private static final String NS = "ns";
    private static final ResourceDefinitionContext CSVS = new ResourceDefinitionContext.Builder()
            .withGroup("operators.coreos.com").withVersion("v1alpha1").withKind("ClusterServiceVersion")
            .withPlural("clusterserviceversions").withNamespaced(true).build();
    private static final ResourceDefinitionContext WIDGETS = new ResourceDefinitionContext.Builder()
            .withGroup("example.com").withVersion("v1").withKind("Widget").withPlural("widgets").withNamespaced(true)
            .build();

    KubernetesMockServer server;
    KubernetesClient client;

    private ClusterConnection connection;
    private InstallRecordStore store;
    private Uninstaller uninstaller;
    private final List<Step> steps = new ArrayList<>();
    private final List<CreatedObject> created = new ArrayList<>();

    @BeforeEach
    void setUp() {
        DiscoveryDocuments.builtIn().forEach((path, document) ->
                server.expect().get().withPath(path).andReturn(200, document).always());
        server.expect().get().withPath("/apis/example.com/v1")
                .andReturn(200, DiscoveryDocuments.resources("example.com/v1", "widgets:Widget:true")).always();
        connection = ClusterConnection.connect(new ConfigBuilder(client.getConfiguration()).build(),
                Duration.ofSeconds(10));
        store = new InstallRecordStore(connection.retryingApi());
        uninstaller = new Uninstaller(connection.retryingApi(), connection.vertx(), connection.discovery(), store);
    }

    @AfterEach
    void tearDown() {
        connection.close();
    }

    @Test
    void deletesWhatTheInstallCreatedInReverseStepOrderCrdsLast() throws Exception {
        InstallRecord record = installEverything();
        int requestsBefore = server.getRequestCount();
        List<String> events = new CopyOnWriteArrayList<>();

        UninstallReport report = Await.result(uninstaller.uninstall(record, UninstallOptions.defaults(), r -> events.add(r.line())));

        assertThat(report.results()).extracting(DeletionResult::line).containsExactly(
                "AlreadyGone ServiceMonitor/ns/widget-monitor: the cluster no longer serves ServiceMonitor in"
                        + " monitoring.coreos.com/v1",
                "Deleted Widget/ns/sample-widget",
                "Skipped Secret/ns/widget-creds: not deleted because it was replaced: this install created uid "
                        + uidOf("Secret") + ", the object now has uid "
                        + client.secrets().inNamespace(NS).withName("widget-creds").get().getMetadata().getUid(),
                "AlreadyGone Service/ns/widget-metrics",
                "Deleted RoleBinding/ns/widget-rb",
                "Deleted Role/ns/widget-role",
                "Deleted ServiceAccount/ns/widget-sa",
                "Deleted ClusterServiceVersion/ns/" + TestPlans.CSV,
                // CRDs go last, after the operator (docs/semantics.md §8, "Removing CRDs").
                "Kept CustomResourceDefinition/widgets.example.com: CRDs are kept unless deleteCrds is set, because"
                        + " deleting one deletes every custom resource of its kind");
        assertThat(events).containsExactlyElementsOf(report.results().stream().map(DeletionResult::line).toList());
        assertThat(deletePaths(requestsBefore)).containsExactly(
                "/apis/example.com/v1/namespaces/ns/widgets/sample-widget",
                "/apis/rbac.authorization.k8s.io/v1/namespaces/ns/rolebindings/widget-rb",
                "/apis/rbac.authorization.k8s.io/v1/namespaces/ns/roles/widget-role",
                "/api/v1/namespaces/ns/serviceaccounts/widget-sa",
                "/apis/operators.coreos.com/v1alpha1/namespaces/ns/clusterserviceversions/" + TestPlans.CSV,
                "/api/v1/namespaces/ns/secrets/" + record.name());
        assertThat(report.record().kind()).isEqualTo(RecordDisposition.Kind.DELETED);
        assertThat(report.succeeded()).isTrue();

        assertThat(client.serviceAccounts().inNamespace(NS).withName("widget-sa").get()).isNull();
        assertThat(client.configMaps().inNamespace(NS).withName("shared-config").get()).as("Present: untouched")
                .isNotNull();
        assertThat(client.secrets().inNamespace(NS).withName("widget-creds").get()).as("replaced: untouched")
                .isNotNull();
        assertThat(client.apiextensions().v1().customResourceDefinitions().withName("widgets.example.com").get())
                .isNotNull();
        assertThat(Await.result(store.get(NS, record.name()))).isEmpty();
    }

    @Test
    void deletesLockTheResourceVersionTheyChecked() throws Exception {
        InstallRecord record = installEverything();
        int requestsBefore = server.getRequestCount();

        Await.result(uninstaller.uninstall(record, UninstallOptions.defaults(), r -> { }));

        RecordedRequest deleteSa = requestsSince(requestsBefore).stream()
                .filter(r -> r.getMethod().equals("DELETE") && r.getPath().endsWith("/serviceaccounts/widget-sa"))
                .findFirst().orElseThrow();
        assertThat(deleteSa.getUtf8Body()).contains("\"preconditions\"").contains("\"resourceVersion\"");
    }

    @Test
    void crdsAreDeletedWhenAskedFor() throws Exception {
        InstallRecord record = installEverything();

        UninstallReport report = Await.result(uninstaller.uninstall(record, new UninstallOptions(true), r -> { }));

        assertThat(report.results()).filteredOn(r -> r.object().kind().equals("CustomResourceDefinition"))
                .singleElement().isInstanceOf(DeletionResult.Deleted.class);
        assertThat(client.apiextensions().v1().customResourceDefinitions().withName("widgets.example.com").get())
                .isNull();
    }

    @Test
    void aFailedDeletionKeepsTheRecordAndTheOthersStillGo() throws Exception {
        InstallRecord record = installEverything();
        server.expect().delete().withPath("/api/v1/namespaces/ns/serviceaccounts/widget-sa")
                .andReturn(403, new StatusBuilder().withCode(403).withReason("Forbidden")
                        .withMessage("serviceaccounts \"widget-sa\" is forbidden: User \"dev\" cannot delete resource")
                        .build())
                .always();

        UninstallReport report = Await.result(uninstaller.uninstall(record, UninstallOptions.defaults(), r -> { }));

        assertThat(report.failures()).extracting(DeletionResult::line).containsExactly(
                "Failed ServiceAccount/ns/widget-sa: 403 Forbidden: serviceaccounts \"widget-sa\" is forbidden: User"
                        + " \"dev\" cannot delete resource");
        assertThat(report.results()).filteredOn(DeletionResult.Deleted.class::isInstance).hasSize(4);
        assertThat(report.record().kind()).isEqualTo(RecordDisposition.Kind.KEPT);
        assertThat(report.record().detail()).isEqualTo("the 1 install record(s) of package " + TestPlans.PACKAGE
                + " in namespace ns were kept because 1 object(s) could not be removed; run uninstall again to retry them");
        assertThat(report.succeeded()).isFalse();
        assertThat(Await.result(store.get(NS, record.name()))).contains(record);
    }

    @Test
    void runningItAgainFindsEverythingGone() throws Exception {
        InstallRecord record = installEverything();
        Await.result(uninstaller.uninstall(record, new UninstallOptions(true), r -> { }));

        UninstallReport again = Await.result(uninstaller.uninstall(record, new UninstallOptions(true), r -> { }));

        assertThat(again.results()).allSatisfy(r -> assertThat(r)
                .isInstanceOfAny(DeletionResult.AlreadyGone.class, DeletionResult.Skipped.class));
        assertThat(again.record().kind()).isEqualTo(RecordDisposition.Kind.ALREADY_GONE);
        assertThat(again.succeeded()).isTrue();
    }

    @Test
    void everyRecordOfThePackageGoesWithItAndAnotherPackagesStays() throws Exception {
        InstallRecord record = installEverything();
        InstallRecord older = TestPlans.record(NS, record.startTime().minusSeconds(60));
        InstallRecord newer = TestPlans.record(NS, record.startTime().plusSeconds(60));
        InstallRecord otherPackage = InstallRecord.fromPlan(TestPlans.plan(NS, List.of(), InstallPlanPhase.COMPLETE),
                new dev.bundlectl.executor.records.RecordOrigin(NS, "other-operator", null, null, false,
                        record.startTime().minusSeconds(120)), List.of(), List.of());
        for (InstallRecord other : List.of(older, newer, otherPackage)) {
            Await.result(store.save(other));
        }

        UninstallReport report = Await.result(uninstaller.uninstall(record, UninstallOptions.defaults(), r -> { }));

        assertThat(report.record().kind()).isEqualTo(RecordDisposition.Kind.DELETED);
        // Uninstall removes what every install of the package owns, whichever record names it
        // (docs/semantics.md §8), and so every record of the package goes.
        assertThat(report.record().detail()).isEqualTo("3 install record(s) of package " + TestPlans.PACKAGE
                + " in namespace ns deleted");
        assertThat(Await.result(store.list(NS))).extracting(dev.bundlectl.executor.records.RecordEntry::name)
                .containsExactly(otherPackage.name());
    }

    /**
     * Creates the objects of a small install on the mock cluster and returns its saved record.
     * Steps in plan order: CSV, CRD, then the rest; one step is Present (not owned), one object
     * is already gone, one was replaced after the install, one API is not served.
     */
    private InstallRecord installEverything() throws Exception {
        CustomResourceDefinition crd = new CustomResourceDefinitionBuilder()
                .withNewMetadata().withName("widgets.example.com").endMetadata()
                .withNewSpec().withGroup("example.com").withScope("Namespaced")
                .withNewNames().withKind("Widget").withPlural("widgets").withSingular("widget").endNames()
                .addNewVersion().withName("v1").withServed(true).withStorage(true).endVersion()
                .endSpec().build();
        GenericKubernetesResource csv = new GenericKubernetesResourceBuilder()
                .withApiVersion("operators.coreos.com/v1alpha1").withKind("ClusterServiceVersion")
                .withNewMetadata().withName(TestPlans.CSV).withNamespace(NS).endMetadata().build();

        own(client.genericKubernetesResources(CSVS).inNamespace(NS).resource(csv).create(), "clusterserviceversions");
        own(client.apiextensions().v1().customResourceDefinitions().resource(crd).create(), null);
        own(client.serviceAccounts().inNamespace(NS).resource(new ServiceAccountBuilder().withNewMetadata()
                .withName("widget-sa").endMetadata().build()).create(), null);
        present(client.configMaps().inNamespace(NS).resource(new ConfigMapBuilder().withNewMetadata()
                .withName("shared-config").endMetadata().build()).create());
        own(client.rbac().roles().inNamespace(NS).resource(new RoleBuilder().withNewMetadata()
                .withName("widget-role").endMetadata().build()).create(), null);
        own(client.rbac().roleBindings().inNamespace(NS).resource(new RoleBindingBuilder().withNewMetadata()
                .withName("widget-rb").endMetadata().withNewRoleRef().withKind("Role").withName("widget-role")
                .withApiGroup("rbac.authorization.k8s.io").endRoleRef().build()).create(), null);
        recordOnly(new ObjectRef("", "v1", "Service", NS, "widget-metrics"), "uid-of-a-deleted-service");
        own(client.secrets().inNamespace(NS).resource(new SecretBuilder().withNewMetadata().withName("widget-creds")
                .endMetadata().addToStringData("k", "v").build()).create(), null);
        // Someone deletes the Secret and makes another of the same name: no longer this install's.
        client.secrets().inNamespace(NS).withName("widget-creds").delete();
        client.secrets().inNamespace(NS).resource(new SecretBuilder().withNewMetadata().withName("widget-creds")
                .withUid("someone-elses-uid").endMetadata().addToStringData("k", "theirs").build()).create();
        // Found through discovery: no resource recorded.
        own(client.genericKubernetesResources(WIDGETS).inNamespace(NS).resource(new GenericKubernetesResourceBuilder()
                .withApiVersion("example.com/v1").withKind("Widget")
                .withNewMetadata().withName("sample-widget").withNamespace(NS).endMetadata().build()).create(), null);
        recordOnly(new ObjectRef("monitoring.coreos.com", "v1", "ServiceMonitor", NS, "widget-monitor"), "uid-sm");

        InstallRecord record = InstallRecord.fromPlan(TestPlans.plan(NS, steps, InstallPlanPhase.COMPLETE),
                TestPlans.origin(NS, Instant.parse("2025-03-01T10:00:00Z")), created, List.of());
        Await.result(store.save(record));
        return record;
    }

    private void own(HasMetadata object, String resource) {
        ObjectRef ref = refOf(object);
        assertThat(object.getMetadata().getUid()).as("the mock assigns uids").isNotBlank();
        steps.add(step(ref.group(), ref.version(), ref.kind(), ref.namespace(), ref.name(), StepStatus.CREATED));
        created.add(new CreatedObject(ref, resource, object.getMetadata().getUid(),
                object.getMetadata().getResourceVersion(), null));
    }

    private void present(HasMetadata object) {
        ObjectRef ref = refOf(object);
        steps.add(step(ref.group(), ref.version(), ref.kind(), ref.namespace(), ref.name(), StepStatus.PRESENT));
    }

    private void recordOnly(ObjectRef ref, String uid) {
        steps.add(step(ref.group(), ref.version(), ref.kind(), ref.namespace(), ref.name(), StepStatus.CREATED));
        created.add(new CreatedObject(ref, null, uid, "1", null));
    }

    private String uidOf(String kind) {
        return created.stream().filter(c -> c.object().kind().equals(kind)).findFirst().orElseThrow().uid();
    }

    private static ObjectRef refOf(HasMetadata object) {
        String apiVersion = object.getApiVersion();
        int slash = apiVersion.indexOf('/');
        return new ObjectRef(slash < 0 ? "" : apiVersion.substring(0, slash), apiVersion.substring(slash + 1),
                object.getKind(), object.getMetadata().getNamespace(), object.getMetadata().getName());
    }

    private List<String> deletePaths(int since) throws InterruptedException {
        return requestsSince(since).stream().filter(r -> r.getMethod().equals("DELETE"))
                .map(RecordedRequest::getPath).toList();
    }

    private List<RecordedRequest> requestsSince(int since) throws InterruptedException {
        List<RecordedRequest> requests = new ArrayList<>();
        int total = server.getRequestCount();
        for (int i = 0; i < total; i++) {
            RecordedRequest request = server.takeRequest();
            if (i >= since) {
                requests.add(request);
            }
        }
        return requests;
    }
}
