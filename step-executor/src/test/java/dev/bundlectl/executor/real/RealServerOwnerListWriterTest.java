package dev.bundlectl.executor.real;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.kube.ApplyResult;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.PlanApplier;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.executor.ownership.InstallOwner;
import dev.bundlectl.executor.ownership.OwnerListWriter;
import dev.bundlectl.executor.ownership.OwnerListing;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.ForwardingKubeApi;
import dev.bundlectl.executor.testing.Manifests;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.planned.PlannedInstall;
import io.vertx.core.Future;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An owner list is only ever changed on the version just read (docs/semantics.md §8), on a real API
 * server: installs of one package joining one object's list at once, each from the same stale read
 * and on a connection of its own, lose none of each other's entries; a list another version's
 * install wrote since the read stops the write, naming that install; an object deleted since is
 * said to be gone, and a step whose object was deleted between its apply and its list write applies
 * it again.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerOwnerListWriterTest {

    private static final ApiResource CLUSTER_ROLES = new ApiResource("rbac.authorization.k8s.io", "v1", "ClusterRole",
            "clusterroles", false);
    private static final String PACKAGE = "listbox-operator";
    private static final AtomicInteger NAMES = new AtomicInteger();

    @Test
    void twentyInstallsJoiningAtOnceFromOneStaleReadAreAllListed(RealApiServer server) {
        String name = clusterRole(server);
        ObjectNode read = Await.result(server.connect().api().get(CLUSTER_ROLES, null, name));
        List<Future<OwnerListWriter.ListWrite>> writes = new ArrayList<>();
        Set<String> namespaces = new TreeSet<>();
        for (int i = 0; i < 20; i++) {
            String namespace = "team-" + (char) ('a' + i);
            namespaces.add(namespace);
            KubeApi api = server.connect().api();
            writes.add(new OwnerListWriter(api).write(CLUSTER_ROLES, null, name, OwnerListing.joining(
                    new InstallOwner(namespace, PACKAGE), "sha256:same", Set.of(), Set.of()), read.deepCopy()));
        }

        Await.result(Future.all(new ArrayList<>(writes)));

        assertThat(writes).allSatisfy(write -> assertThat(write.result())
                .isInstanceOf(OwnerListWriter.ListWrite.Written.class));
        assertThat(list(server, name)).isEqualTo("sha256:same " + String.join(",", namespaces));
    }

    @Test
    void aListAnotherVersionsInstallWroteSinceTheReadStopsTheWriteNamingIt(RealApiServer server) {
        String name = clusterRole(server);
        KubeApi api = server.connect().api();
        ObjectNode read = Await.result(api.get(CLUSTER_ROLES, null, name));
        Await.result(new OwnerListWriter(api).write(CLUSTER_ROLES, null, name, OwnerListing.joining(
                new InstallOwner("team-a", PACKAGE), "sha256:v1", Set.of(), Set.of()), null));

        OwnerListWriter.ListWrite write = Await.result(new OwnerListWriter(api).write(CLUSTER_ROLES, null, name,
                OwnerListing.joining(new InstallOwner("team-b", PACKAGE), "sha256:v2", Set.of(), Set.of()), read));

        assertThat(write).isEqualTo(new OwnerListWriter.ListWrite.OtherContent(new InstallOwner("team-a", PACKAGE)));
        assertThat(list(server, name)).as("nothing written").isEqualTo("sha256:v1 team-a");
    }

    @Test
    void anObjectDeletedSinceTheApplyIsGone(RealApiServer server) {
        String name = clusterRole(server);
        KubeApi api = server.connect().api();
        ObjectNode read = Await.result(api.get(CLUSTER_ROLES, null, name));
        Await.result(api.delete(CLUSTER_ROLES, null, name, false));

        assertThat(Await.result(new OwnerListWriter(api).write(CLUSTER_ROLES, null, name, OwnerListing.joining(
                new InstallOwner("team-a", PACKAGE), "sha256:v1", Set.of(), Set.of()), read)))
                .isInstanceOf(OwnerListWriter.ListWrite.Gone.class);
    }

    @Test
    void anObjectDeletedBetweenItsApplyAndItsListWriteIsAppliedAgainAndListed(RealApiServer server) {
        ClusterConnection connection = server.connect();
        String name = "listbox-" + NAMES.incrementAndGet() + "-deleted";
        InstallOwner owner = new InstallOwner("team-a", PACKAGE);
        DeletingAfterFirstApply deleting = new DeletingAfterFirstApply(connection.api());

        InstallPlan done = Await.result(new PlanApplier(connection.vertx(), deleting, connection.discovery()).start(
                PlannedInstall.read(Manifests.plan(Manifests.required(Manifests.clusterRole(name), false))),
                ApplySettings.builder().owner(owner).timeout(Duration.ofSeconds(60)).build(), event -> { }, Map.of(),
                Map.of(0, OwnerListing.joining(owner, "sha256:v1", Set.of(), Set.of()))).result());

        assertThat(deleting.deleted).as("deleted after its first apply, as a last owner's uninstall would").isTrue();
        assertThat(done.steps().get(0).status()).as(done.steps().get(0).message()).isEqualTo(StepStatus.CREATED);
        assertThat(list(server, name)).isEqualTo("sha256:v1 team-a");
    }

    private static String clusterRole(RealApiServer server) {
        String name = "listbox-" + NAMES.incrementAndGet() + "-" + Long.toString(System.nanoTime() % 1_000_000, 36);
        server.create("""
                apiVersion: rbac.authorization.k8s.io/v1
                kind: ClusterRole
                metadata: {name: %s}
                rules: []
                """.formatted(name));
        return name;
    }

    private static String list(RealApiServer server, String name) {
        return server.client().rbac().clusterRoles().withName(name).get().getMetadata().getAnnotations()
                .get(InstallOwner.listKey(PACKAGE));
    }

    /** The API, with the object of the first apply deleted right after that apply answered. */
    private static final class DeletingAfterFirstApply extends ForwardingKubeApi {

        private volatile boolean deleted;

        DeletingAfterFirstApply(KubeApi api) {
            super(api);
        }

        @Override
        public Future<ApplyResult> apply(ApiResource type, String namespace, ObjectNode object, String fieldManager,
                boolean force, boolean dryRun) {
            return api.apply(type, namespace, object, fieldManager, force, dryRun).compose(answer -> {
                if (deleted || dryRun) {
                    return Future.succeededFuture(answer);
                }
                deleted = true;
                return api.delete(type, namespace, object.path("metadata").path("name").asText(), false).map(answer);
            });
        }
    }
}
