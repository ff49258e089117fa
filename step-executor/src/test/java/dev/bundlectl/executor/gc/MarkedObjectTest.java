package dev.bundlectl.executor.gc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.ownership.InstallOwner;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.executor.customresources.CrdContents;
import dev.bundlectl.executor.customresources.HeldResource;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which objects the collector judges, and how it words a leftover. */
class MarkedObjectTest {

    private static final ApiResource CLUSTER_ROLES = new ApiResource("rbac.authorization.k8s.io", "v1", "ClusterRole",
            "clusterroles", false);
    private static final ApiResource ROLES = new ApiResource("rbac.authorization.k8s.io", "v1", "Role", "roles", true);
    private static final ApiResource CRDS = new ApiResource("apiextensions.k8s.io", "v1", "CustomResourceDefinition",
            "customresourcedefinitions", false);
    private static final InstallOwner TEAM_A = new InstallOwner("team-a", "cachebox-operator");

    @Test
    void aClusterScopedObjectWithAMarkIsJudgedAndOneWithoutIsNot() {
        assertThat(MarkedObject.of(CLUSTER_ROLES, object(null, "reader", TEAM_A))).hasValueSatisfying(found -> {
            assertThat(found.owners()).containsExactly(new NamedOwner.Install(TEAM_A));
            assertThat(found.uid()).isEqualTo("uid-reader");
            assertThat(found.resourceVersion()).isEqualTo("42");
        });
        assertThat(MarkedObject.of(CLUSTER_ROLES, object(null, "users", null))).isEmpty();
    }

    @Test
    void aNamespacedObjectIsJudgedOnlyOutsideItsOwnersNamespaces() {
        assertThat(MarkedObject.of(ROLES, object("team-a", "editor", TEAM_A))).as("goes with its namespace").isEmpty();
        assertThat(MarkedObject.of(ROLES, object("shared", "editor", TEAM_A))).isPresent();
    }

    @Test
    void anObjectBeingDeletedIsLeftToItsDeletion() {
        ObjectNode role = object(null, "reader", TEAM_A);
        ((ObjectNode) role.get("metadata")).put("deletionTimestamp", "2025-01-01T00:00:00Z");
        assertThat(MarkedObject.of(CLUSTER_ROLES, role)).isEmpty();
    }

    @Test
    void anUnmarkedRenderedObjectNamesItsOperatorByItsLabels() {
        ObjectNode role = object(null, "cachebox-operator-1a2b", null);
        ((ObjectNode) role.get("metadata")).putObject("labels").put("app.kubernetes.io/managed-by", "bundlectl")
                .put("bundlectl.dev/owner-namespace", "team-a").put("bundlectl.dev/csv", "cachebox-operator.v0.3.1");

        assertThat(MarkedObject.of(CLUSTER_ROLES, role)).hasValueSatisfying(found -> assertThat(found.owners())
                .containsExactly(new NamedOwner.Operator("team-a", "cachebox-operator.v0.3.1")));
    }

    @Test
    void aLeftoverSaysWhoOwnedItAndWhyThatOwnerIsGoneAndACrdHowManyResourcesItHolds() {
        MarkedObject role = MarkedObject.of(CLUSTER_ROLES, object(null, "reader", TEAM_A)).orElseThrow();
        MarkedObject crd = MarkedObject.of(CRDS, object(null, "caches.cache.bundlectl.dev", TEAM_A)).orElseThrow();
        List<GoneOwner> gone = List.of(new GoneOwner(new NamedOwner.Install(TEAM_A), "namespace team-a no longer exists"));

        HeldResource plain = new HeldResource("Cache", "a", "one", "u1", List.of(), false);
        HeldResource finalized = new HeldResource("Cache", "a", "two", "u2", List.of("cache.example.com/cleanup"), false);
        CrdContents holds = new CrdContents("caches.cache.bundlectl.dev",
                new ApiResource("cache.bundlectl.dev", "v1", "Cache", "caches", true), List.of(plain, plain, finalized),
                List.of("v1alpha1", "v1"), null);

        assertThat(new GcOutcome.Found(new Leftover(role, gone, null)).line()).isEqualTo("Leftover ClusterRole/reader: "
                + "owned by cachebox-operator in namespace team-a (namespace team-a no longer exists)");
        assertThat(new GcOutcome.Kept(new Leftover(crd, gone, holds)).line()).isEqualTo("Kept CustomResourceDefinition/"
                + "caches.cache.bundlectl.dev (3 custom resources (Cache), 1 with finalizers; stored versions: v1alpha1, "
                + "v1): owned by cachebox-operator in namespace team-a (namespace team-a no longer exists); CRDs are "
                + "deleted only with --delete-crds");
    }

    @Test
    void aCrdsCustomResourcesAreCountedThroughItsStorageVersion() {
        ObjectNode crd = JsonNodeFactory.instance.objectNode();
        ObjectNode spec = crd.putObject("spec").put("group", "cache.bundlectl.dev").put("scope", "Namespaced");
        spec.putObject("names").put("kind", "Cache").put("plural", "caches");
        spec.putArray("versions").add(JsonNodeFactory.instance.objectNode().put("name", "v1").put("served", true)
                .put("storage", true)).add(JsonNodeFactory.instance.objectNode().put("name", "v1beta1")
                .put("served", true).put("storage", false));

        assertThat(CrdContents.servedKind(crd))
                .isEqualTo(new ApiResource("cache.bundlectl.dev", "v1", "Cache", "caches", true));
    }

    private static ObjectNode object(String namespace, String name, InstallOwner markedBy) {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        ObjectNode metadata = object.putObject("metadata").put("name", name).put("uid", "uid-" + name)
                .put("resourceVersion", "42");
        if (namespace != null) {
            metadata.put("namespace", namespace);
        }
        if (markedBy != null) {
            metadata.putObject("annotations").put(markedBy.markKey(), "sha256:abc");
        }
        return object;
    }
}
