package dev.bundlectl.executor.uninstall;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.ownership.InstallOwner;
import dev.bundlectl.executor.ownership.OwnerListing;
import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.plan.api.ApiResource;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * How an uninstall releases an object its package's list names it in (docs/semantics.md §8,
 * "Uninstall"): it leaves the list, and the package's manager gives up its fields only when no other
 * listed install of the package still applies them.
 */
class PackageListRemovalsTest {

    private static final InstallOwner ME = new InstallOwner("team-b", "cachebox-operator");
    private static final InstallOwner GONE = new InstallOwner("team-z", "cachebox-operator");
    private static final ApiResource CLUSTER_ROLES = new ApiResource("rbac.authorization.k8s.io", "v1", "ClusterRole",
            "clusterroles", false);

    @Test
    void anotherListedInstallOfThePackageKeepsEveryFieldOnlyTheEntryGoes() {
        Removal removal = decide(Map.of("owners.bundlectl.dev/cachebox-operator", "sha256:a team-a,team-b,team-z"));

        assertThat(removal).isInstanceOfSatisfying(Removal.Release.class, release -> {
            assertThat(release.fieldsStay()).isTrue();
            assertThat(release.kept()).isFalse();
            assertThat(release.detail()).isEqualTo("still owned by cachebox-operator in namespace team-a");
            assertThat(release.leaving()).as("the gone install leaves with it")
                    .isEqualTo(OwnerListing.leaving(ME, Set.of(GONE)));
        });
    }

    @Test
    void onlyAnotherPackagesInstallBesideItThePackagesManagerGivesItsFieldsUp() {
        Removal removal = decide(Map.of("owners.bundlectl.dev/cachebox-operator", "sha256:a team-b",
                "owners.bundlectl.dev/otherbox-operator", "sha256:b team-a"));

        assertThat(removal).isInstanceOfSatisfying(Removal.Release.class, release -> {
            assertThat(release.emptied()).containsExactly("bundlectl/cachebox-operator");
            assertThat(release.detail()).isEqualTo("still owned by otherbox-operator in namespace team-a");
        });
    }

    @Test
    void onlyAnInstallOfTheReleaseBeforeBesideItThePackagesManagerGivesItsFieldsUpToo() {
        Removal removal = decide(Map.of("owners.bundlectl.dev/cachebox-operator", "sha256:a team-b",
                "team-a.owners.bundlectl.dev/cachebox-operator", "sha256:a"));

        assertThat(removal).isInstanceOfSatisfying(Removal.Release.class,
                release -> assertThat(release.emptied()).containsExactly("bundlectl/cachebox-operator"));
    }

    @Test
    void anInstallNotYetMigratedReleasesItsOwnFieldsAndMarkAsBefore() {
        Removal removal = decide(Map.of("owners.bundlectl.dev/cachebox-operator", "sha256:a team-a",
                "team-b.owners.bundlectl.dev/cachebox-operator", "sha256:a"));

        assertThat(removal).isInstanceOfSatisfying(Removal.Release.class, release -> {
            assertThat(release.emptied()).containsExactly("bundlectl/team-b/cachebox-operator");
            assertThat(release.detail()).isEqualTo("still owned by cachebox-operator in namespace team-a");
        });
    }

    @Test
    void theLastListedInstallDeletesIt() {
        assertThat(decide(Map.of("owners.bundlectl.dev/cachebox-operator", "sha256:a team-b,team-z")))
                .isInstanceOf(Removal.Delete.class);
    }

    private static Removal decide(Map<String, String> annotations) {
        ObjectNode live = JsonNodeFactory.instance.objectNode();
        ObjectNode metadata = live.putObject("metadata").put("name", "reader").put("uid", "uid-1")
                .put("resourceVersion", "9");
        ObjectNode map = metadata.putObject("annotations");
        annotations.forEach(map::put);
        ObjectRef ref = new ObjectRef(CLUSTER_ROLES.group(), CLUSTER_ROLES.version(), CLUSTER_ROLES.kind(), null, "reader");
        return Removals.decide(ME, new CreatedObject(ref, "clusterroles", "uid-1", "1", null, "created"), CLUSTER_ROLES,
                live, false, "this install", null, Set.of(GONE));
    }
}
