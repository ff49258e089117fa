package dev.bundlectl.executor.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.time.Scheduler;
import dev.bundlectl.executor.customresources.CrdDeletionWait;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.plan.api.ApiResource;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.vertx.core.Future;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A CRD's deletion ends only when its finalizer has removed every custom resource of its kind, on
 * a real API server: the wait answers once the server has let the CRD go, not when the deletion
 * was accepted, and a CRD a custom resource's own finalizer holds past the time is told, with what
 * the server says holds it.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerCrdDeletionWaitTest {

    private static final ApiResource CRDS = new ApiResource("apiextensions.k8s.io", "v1", "CustomResourceDefinition",
            "customresourcedefinitions", false);
    private static final AtomicInteger NAMES = new AtomicInteger();

    @TempDir
    Path dir;

    @Test
    void answersOnlyOnceTheCrdIsGoneThoughItsDeletionWasAcceptedLongBefore(RealApiServer server) throws Exception {
        Held held = heldCrd(server);
        KubernetesClient client = server.client();
        client.apiextensions().v1().customResourceDefinitions().withName(held.crd()).delete();

        Future<List<String>> waited = await(server, held, Duration.ofSeconds(60));
        Thread.sleep(1_500);
        assertThat(waited.isComplete()).as("the CRD is held by its custom resource's finalizer").isFalse();
        assertThat(crd(client, held.crd())).as("terminating, not gone").isNotNull();
        release(client, held);

        assertThat(Await.result(waited)).isEmpty();
        assertThat(crd(client, held.crd())).as("gone when the wait answered").isNull();
    }

    @Test
    void aCrdStillHeldWhenTheTimeIsUpIsToldWithWhatHoldsIt(RealApiServer server) throws Exception {
        Held held = heldCrd(server);
        KubernetesClient client = server.client();
        client.apiextensions().v1().customResourceDefinitions().withName(held.crd()).delete();

        List<String> left = Await.result(await(server, held, Duration.ofSeconds(2)));

        assertThat(left).singleElement().asString()
                .startsWith("CustomResourceDefinition " + held.crd() + " is still being deleted after 2s")
                .as("the server's Terminating condition says what holds it").matches("(?s).* after 2s: .+");
        release(client, held);
        client.apiextensions().v1().customResourceDefinitions().withName(held.crd())
                .waitUntilCondition(gone -> gone == null, 60, TimeUnit.SECONDS);
    }

    @Test
    void aCrdMadeAgainUnderTheSameNameCountsAsGone(RealApiServer server) throws Exception {
        Held held = heldCrd(server);
        KubernetesClient client = server.client();
        release(client, held);
        client.apiextensions().v1().customResourceDefinitions().withName(held.crd()).delete();
        client.apiextensions().v1().customResourceDefinitions().withName(held.crd())
                .waitUntilCondition(gone -> gone == null, 60, TimeUnit.SECONDS);
        Path again = dir.resolve("again.yaml");
        Files.writeString(again, crdYaml(held.group()));
        server.createCrds(again);

        assertThat(Await.result(await(server, held, Duration.ofSeconds(2)))).isEmpty();
    }

    /** The wait for {@code held}'s CRD, deleted, on a connection of its own. */
    private static Future<List<String>> await(RealApiServer server, Held held, Duration timeout) {
        ClusterConnection connection = server.connect();
        return new CrdDeletionWait(connection.api(), connection.vertx().getOrCreateContext(), Scheduler.system(),
                timeout, Duration.ofMillis(500)).await(List.of(new CrdDeletionWait.Deleted(CRDS, held.crd(), held.uid())));
    }

    /** A CRD with one custom resource whose finalizer nobody removes until {@link #release}. */
    private record Held(String group, String crd, String uid, String namespace, String resource) {
    }

    private Held heldCrd(RealApiServer server) throws Exception {
        String group = "hold" + NAMES.incrementAndGet() + Long.toString(System.nanoTime() % 1_000_000, 36)
                + ".bundlectl.dev";
        Path file = dir.resolve(group + ".yaml");
        Files.writeString(file, crdYaml(group));
        server.createCrds(file);
        String namespace = server.newNamespace("crd-wait");
        server.create("""
                apiVersion: %s/v1
                kind: Hold
                metadata: {name: kept, namespace: %s, finalizers: [bundlectl.dev/test-hold]}
                """.formatted(group, namespace));
        String crd = "holds." + group;
        return new Held(group, crd, crd(server.client(), crd).getMetadata().getUid(), namespace, "kept");
    }

    private static String crdYaml(String group) {
        return """
                apiVersion: apiextensions.k8s.io/v1
                kind: CustomResourceDefinition
                metadata: {name: holds.%s}
                spec:
                  group: %s
                  scope: Namespaced
                  names: {plural: holds, singular: hold, kind: Hold, listKind: HoldList}
                  versions:
                  - name: v1
                    served: true
                    storage: true
                    schema:
                      openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}
                """.formatted(group, group);
    }

    /** Removes the custom resource's finalizer, which lets the CRD's deletion end. */
    private static void release(KubernetesClient client, Held held) {
        client.genericKubernetesResources(held.group() + "/v1", "Hold").inNamespace(held.namespace())
                .withName(held.resource()).patch(PatchContext.of(PatchType.JSON_MERGE),
                        "{\"metadata\":{\"finalizers\":null}}");
    }

    private static CustomResourceDefinition crd(KubernetesClient client, String name) {
        return client.apiextensions().v1().customResourceDefinitions().withName(name).get();
    }
}
