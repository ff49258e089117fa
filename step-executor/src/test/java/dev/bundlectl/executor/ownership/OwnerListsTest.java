package dev.bundlectl.executor.ownership;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * One list per package, one field manager per package (docs/semantics.md §8): how owners are read
 * from an object and how a list write changes them, on the version read.
 */
class OwnerListsTest {

    private static final InstallOwner TEAM_A = new InstallOwner("team-a", "cachebox-operator");
    private static final InstallOwner TEAM_B = new InstallOwner("team-b", "cachebox-operator");
    private static final InstallOwner TEAM_C = new InstallOwner("team-c", "cachebox-operator");
    private static final InstallOwner OTHER = new InstallOwner("team-a", "otherbox-operator");

    @Test
    void everyInstallOfAPackageAppliesAsThePackagesManagerAndIsNamedInItsList() {
        assertThat(TEAM_A.fieldManager()).isEqualTo("bundlectl/cachebox-operator").isEqualTo(TEAM_B.fieldManager());
        assertThat(TEAM_A.listKey()).isEqualTo("owners.bundlectl.dev/cachebox-operator");
        assertThat(TEAM_A.earlierFieldManager()).isEqualTo("bundlectl/team-a/cachebox-operator");
        assertThat(TEAM_A.earlierMarkKey()).isEqualTo("team-a.owners.bundlectl.dev/cachebox-operator");
        InstallOwner longName = new InstallOwner("ns", "p".repeat(140));
        assertThat(longName.fieldManager()).hasSize(128).isEqualTo(new InstallOwner("other", "p".repeat(140))
                .fieldManager());
        assertThat(FieldConflicts.packageOf("bundlectl/cachebox-operator")).hasValue("cachebox-operator");
        assertThat(FieldConflicts.packageOf("bundlectl/team-a/cachebox-operator")).isEmpty();
        assertThat(FieldConflicts.ownerOf("bundlectl/team-a/cachebox-operator")).hasValue(TEAM_A);
        assertThat(FieldConflicts.ownerOf("bundlectl/cachebox-operator")).isEmpty();
    }

    @Test
    void anObjectsOwnersAreItsListsNamespacesAndThePerInstallMarksOfTheReleaseBefore() {
        ObjectOwners owners = ObjectOwners.of(object(Map.of(
                "owners.bundlectl.dev/cachebox-operator", "sha256:aa team-a,team-b",
                "team-c.owners.bundlectl.dev/cachebox-operator", "sha256:aa",
                "owners.bundlectl.dev/otherbox-operator", "sha256:bb team-a",
                "unrelated", "x")));

        assertThat(owners.marks()).containsExactlyInAnyOrder(OwnerMark.inList(TEAM_A, "sha256:aa"),
                OwnerMark.inList(TEAM_B, "sha256:aa"), OwnerMark.ofEarlierMark(TEAM_C, "sha256:aa"),
                OwnerMark.inList(OTHER, "sha256:bb"));
        assertThat(owners.lists(TEAM_A)).isTrue();
        assertThat(owners.lists(TEAM_C)).isFalse();
        assertThat(owners.marksEarlier(TEAM_C)).isTrue();
        assertThat(owners.besides(TEAM_A)).extracting(OwnerMark::owner).containsExactlyInAnyOrder(TEAM_B, TEAM_C, OTHER);
        assertThat(OwnerMark.ofEarlierMark(TEAM_C, "sha256:aa").fieldManager()).isEqualTo(TEAM_C.earlierFieldManager());
        assertThat(OwnerMark.inList(TEAM_B, "sha256:aa").fieldManager()).isEqualTo("bundlectl/cachebox-operator");
    }

    @Test
    void aMessageNamesThreeOwnersAndCountsTheRestSoThatItDoesNotGrowWithTheFleet() {
        List<OwnerMark> three = List.of(OwnerMark.inList(TEAM_A, "sha256:aa"), OwnerMark.inList(TEAM_B, "sha256:aa"),
                OwnerMark.ofEarlierMark(TEAM_B, "sha256:aa"), OwnerMark.inList(TEAM_C, "sha256:aa"));
        List<OwnerMark> thousand = java.util.stream.IntStream.rangeClosed(1, 1000)
                .mapToObj(i -> OwnerMark.inList(new InstallOwner("fleet-" + i, "cachebox-operator"), "sha256:aa"))
                .toList();

        assertThat(ObjectOwners.describe(three)).as("an owner in both forms is named once").isEqualTo(
                "cachebox-operator in namespace team-a, cachebox-operator in namespace team-b, "
                        + "cachebox-operator in namespace team-c");
        assertThat(ObjectOwners.describe(List.of(OwnerMark.inList(TEAM_A, "sha256:aa"), OwnerMark.inList(TEAM_B,
                "sha256:aa"), OwnerMark.inList(TEAM_C, "sha256:aa"), OwnerMark.inList(OTHER, "sha256:bb"))))
                .endsWith("cachebox-operator in namespace team-c and 1 other install");
        assertThat(ObjectOwners.describe(thousand)).isEqualTo("cachebox-operator in namespace fleet-1, "
                + "cachebox-operator in namespace fleet-2, cachebox-operator in namespace fleet-3 and 997 other installs");
    }

    @Test
    void theContentDigestLeavesOutEveryOwnersListAndMark() {
        ObjectNode plain = object(Map.of("kept", "yes"));
        ObjectNode owned = object(Map.of("kept", "yes", "owners.bundlectl.dev/cachebox-operator", "sha256:aa team-a",
                "team-c.owners.bundlectl.dev/cachebox-operator", "sha256:aa"));

        assertThat(OwnerMarks.contentDigest(owned)).isEqualTo(OwnerMarks.contentDigest(plain));
    }

    @Test
    void anInstallJoinsItsPackagesListSortedOnTheVersionRead() {
        ObjectNode live = object(Map.of("owners.bundlectl.dev/cachebox-operator", "sha256:aa team-c,team-a"));

        ArrayNode patch = patch(OwnerMarks.change(live, OwnerListing.joining(TEAM_B, "sha256:aa", Set.of(), Set.of())));

        assertThat(patch.get(0).toString()).isEqualTo("{\"op\":\"test\",\"path\":\"/metadata/resourceVersion\",\"value\":\"7\"}");
        assertThat(patch.get(1).toString()).isEqualTo("{\"op\":\"add\",\"path\":\"/metadata/annotations/"
                + "owners.bundlectl.dev~1cachebox-operator\",\"value\":\"sha256:aa team-a,team-b,team-c\"}");
        assertThat(patch).hasSize(2);
        ((ObjectNode) live.at("/metadata/annotations")).put("owners.bundlectl.dev/cachebox-operator",
                "sha256:aa team-a,team-b");
        assertThat(OwnerMarks.change(live, OwnerListing.joining(TEAM_B, "sha256:aa", Set.of(), Set.of())))
                .as("already listed").isInstanceOf(OwnerMarks.ListChange.Unchanged.class);
    }

    @Test
    void theFirstListOfAnObjectWithoutAnnotationsIsAddedWhole() {
        ObjectNode live = object(null);

        ArrayNode patch = patch(OwnerMarks.change(live, OwnerListing.joining(TEAM_A, "sha256:aa", Set.of(), Set.of())));

        assertThat(patch.get(1).toString()).isEqualTo("{\"op\":\"add\",\"path\":\"/metadata/annotations\",\"value\":"
                + "{\"owners.bundlectl.dev/cachebox-operator\":\"sha256:aa team-a\"}}");
    }

    @Test
    void anotherStandingInstallOfThePackageThatListedOtherContentStopsTheWrite() {
        ObjectNode live = object(Map.of("owners.bundlectl.dev/cachebox-operator", "sha256:old team-a,team-c"));

        assertThat(OwnerMarks.change(live, OwnerListing.joining(TEAM_B, "sha256:new", Set.of(), Set.of(TEAM_C))))
                .isEqualTo(new OwnerMarks.ListChange.OtherContent(TEAM_A));
        ArrayNode patch = patch(OwnerMarks.change(live, OwnerListing.joining(TEAM_B, "sha256:new", Set.of(),
                Set.of(TEAM_A, TEAM_C))));
        assertThat(patch.get(1).path("value").asText()).as("only gone or taken installs listed it: the list is "
                + "this content's now").isEqualTo("sha256:new team-b");
    }

    @Test
    void migratedCoOwnersJoinWithTheInstallAndLoseTheirPerInstallMarksAndGoneOwnersLeave() {
        ObjectNode live = object(Map.of("team-a.owners.bundlectl.dev/cachebox-operator", "sha256:aa",
                "team-b.owners.bundlectl.dev/cachebox-operator", "sha256:aa",
                "owners.bundlectl.dev/otherbox-operator", "sha256:bb team-a,team-z",
                "team-z.owners.bundlectl.dev/cachebox-operator", "sha256:aa"));

        Map<String, String> after = applied(live, OwnerMarks.change(live, OwnerListing.joining(TEAM_C, "sha256:aa",
                Set.of("team-a", "team-b"), Set.of(new InstallOwner("team-z", "cachebox-operator"),
                        new InstallOwner("team-z", "otherbox-operator")))));

        assertThat(after).isEqualTo(Map.of("owners.bundlectl.dev/otherbox-operator", "sha256:bb team-a",
                "owners.bundlectl.dev/cachebox-operator", "sha256:aa team-a,team-b,team-c"));
    }

    @Test
    void anUninstallLeavesTheListAndTheLastOneRemovesIt() {
        ObjectNode live = object(Map.of("owners.bundlectl.dev/cachebox-operator", "sha256:aa team-a,team-b",
                "team-a.owners.bundlectl.dev/cachebox-operator", "sha256:aa"));

        assertThat(applied(live, OwnerMarks.change(live, OwnerListing.leaving(TEAM_A, Set.of()))))
                .isEqualTo(Map.of("owners.bundlectl.dev/cachebox-operator", "sha256:aa team-b"));
        assertThat(applied(live, OwnerMarks.change(live, OwnerListing.leaving(TEAM_A, Set.of(TEAM_B))))).isEmpty();
    }

    @Test
    void aCreateCarriesTheListInItsBody() {
        ObjectNode created = OwnerMarks.listedOn(object(null), OwnerListing.joining(TEAM_B, "sha256:aa", Set.of(),
                Set.of()));

        assertThat(created.at("/metadata/annotations").toString())
                .isEqualTo("{\"owners.bundlectl.dev/cachebox-operator\":\"sha256:aa team-b\"}");
    }

    private static ObjectNode object(Map<String, String> annotations) {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        ObjectNode metadata = object.put("kind", "ClusterRole").putObject("metadata").put("name", "reader")
                .put("resourceVersion", "7");
        if (annotations != null) {
            ObjectNode map = metadata.putObject("annotations");
            annotations.forEach(map::put);
        }
        return object;
    }

    private static ArrayNode patch(OwnerMarks.ListChange change) {
        assertThat(change).isInstanceOf(OwnerMarks.ListChange.Patch.class);
        return ((OwnerMarks.ListChange.Patch) change).operations();
    }

    /** The annotations {@code live} has once the change's patch is applied (add and remove of one annotation). */
    private static Map<String, String> applied(ObjectNode live, OwnerMarks.ListChange change) {
        Map<String, String> annotations = new java.util.TreeMap<>();
        live.path("metadata").path("annotations").fields()
                .forEachRemaining(field -> annotations.put(field.getKey(), field.getValue().asText()));
        for (JsonNode operation : patch(change)) {
            String path = operation.path("path").asText();
            if (!path.startsWith("/metadata/annotations/")) {
                continue;
            }
            String key = path.substring("/metadata/annotations/".length()).replace("~1", "/").replace("~0", "~");
            if ("remove".equals(operation.path("op").asText())) {
                annotations.remove(key);
            } else {
                annotations.put(key, operation.path("value").asText());
            }
        }
        return annotations;
    }
}
