package dev.bundlectl.executor.uninstall;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.ownership.InstallOwner;
import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.plan.api.ApiResource;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** An uninstall that finds only gone installs' marks beside its own deletes the object as the last owner (docs/semantics.md §8). */
class StaleOwnerRemovalsTest {

    private static final InstallOwner ME = new InstallOwner("team-b", "cachebox-operator");
    private static final InstallOwner GONE = new InstallOwner("team-a", "cachebox-operator");
    private static final ApiResource CLUSTER_ROLES = new ApiResource("rbac.authorization.k8s.io", "v1", "ClusterRole",
            "clusterroles", false);
    private static final ApiResource CRDS = new ApiResource("apiextensions.k8s.io", "v1", "CustomResourceDefinition",
            "customresourcedefinitions", false);

    @Test
    void onlyAGoneOwnerBesideThisInstallIsDeletedOnTheUidAndVersionRead() {
        Removal removal = Removals.decide(ME, recorded(CLUSTER_ROLES, "reader"), CLUSTER_ROLES, live("reader"), false,
                "this install", null, Set.of(GONE));

        assertThat(removal).isEqualTo(new Removal.Delete(ref(CLUSTER_ROLES, "reader"), CLUSTER_ROLES, null, "uid-1", "9"));
    }

    @Test
    void anOwnerNotKnownGoneIsStillReleasedTo() {
        Removal removal = Removals.decide(ME, recorded(CLUSTER_ROLES, "reader"), CLUSTER_ROLES, live("reader"), false,
                "this install", null, Set.of());

        assertThat(removal).isInstanceOfSatisfying(Removal.Release.class, release -> {
            assertThat(release.kept()).isFalse();
            assertThat(release.detail()).isEqualTo("still owned by cachebox-operator in namespace team-a");
        });
    }

    @Test
    void aCrdKeepsItsRuleWithGoneOwnersThisInstallGivesUpOnlyItsMark() {
        Removal removal = Removals.decide(ME, recorded(CRDS, "caches.cache.bundlectl.dev"), CRDS,
                live("caches.cache.bundlectl.dev"), false, "this install", null, Set.of(GONE));

        assertThat(removal).isInstanceOfSatisfying(Removal.Release.class, release -> {
            assertThat(release.kept()).isTrue();
            assertThat(release.fieldsStay()).isTrue();
        });
        assertThat(Removals.decide(ME, recorded(CRDS, "caches.cache.bundlectl.dev"), CRDS,
                live("caches.cache.bundlectl.dev"), true, "this install", null, Set.of(GONE)))
                .isInstanceOf(Removal.Delete.class);
    }

    private static ObjectRef ref(ApiResource type, String name) {
        return new ObjectRef(type.group(), type.version(), type.kind(), null, name);
    }

    private static CreatedObject recorded(ApiResource type, String name) {
        return new CreatedObject(ref(type, name), type.plural(), "uid-1", "1", null, "created");
    }

    private static ObjectNode live(String name) {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        ObjectNode metadata = object.putObject("metadata").put("name", name).put("uid", "uid-1")
                .put("resourceVersion", "9");
        metadata.putObject("annotations").put(ME.listKey(), "sha256:a team-a,team-b");
        return object;
    }
}
