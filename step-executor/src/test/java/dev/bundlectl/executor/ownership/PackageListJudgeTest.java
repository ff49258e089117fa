package dev.bundlectl.executor.ownership;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.records.ObjectRef;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * How an install judges an object whose owners its package's list names, or the release before's
 * per-install marks do (docs/semantics.md §8): what it shares, migrates, takes from gone owners, and
 * whom it refuses.
 */
class PackageListJudgeTest {

    private static final InstallOwner ME = new InstallOwner("team-b", "cachebox-operator");
    private static final InstallOwner PEER = new InstallOwner("team-a", "cachebox-operator");
    private static final InstallOwner OTHER = new InstallOwner("team-a", "otherbox-operator");
    private static final ObjectRef ROLE = new ObjectRef("rbac.authorization.k8s.io", "v1", "ClusterRole", null,
            "cachebox-metrics-reader");

    private final OwnershipJudge judge = new OwnershipJudge(ME, PreviousOwnership.NONE, false);

    @Test
    void aListedInstallOfThePackageWithTheSameContentSharesItAndTheirManagerIsOne() {
        ObjectNode role = role();

        OwnershipDecision decision = judge.judge(ROLE, role, seen(OwnerMark.inList(PEER, digest(role))), List.of());

        assertThat(decision).isInstanceOfSatisfying(OwnershipDecision.Owned.class, owned -> {
            assertThat(owned.how()).isEqualTo(OwnershipDecision.How.SHARED);
            assertThat(owned.alsoOwnedBy()).extracting(OwnerMark::owner).containsExactly(PEER);
            assertThat(owned.transferFrom()).as("one manager for both").isEmpty();
        });
    }

    @Test
    void theReleaseBeforesInstallsOfThePackageAreMigratedTheirFieldsMovedToThePackagesManager() {
        ObjectNode role = role();

        OwnershipDecision decision = judge.judge(ROLE, role, seen(OwnerMark.ofEarlierMark(PEER, digest(role)),
                OwnerMark.ofEarlierMark(ME, digest(role))), List.of());

        assertThat(decision).isInstanceOfSatisfying(OwnershipDecision.Owned.class, owned -> {
            assertThat(owned.how()).isEqualTo(OwnershipDecision.How.SHARED);
            assertThat(owned.transferFrom()).containsExactlyInAnyOrder(ME.earlierFieldManager(),
                    PEER.earlierFieldManager());
        });
    }

    @Test
    void anInstallOfThePackageThatListedOtherContentIsRefused() {
        ObjectNode theirs = role();
        ObjectNode mine = role();
        mine.putArray("rules").addObject().putArray("verbs").add("get");

        assertThat(judge.judge(ROLE, mine, seen(OwnerMark.inList(PEER, digest(theirs))), List.of()))
                .isEqualTo(new OwnershipDecision.Conflict(PEER, "it applied other content"));
    }

    @Test
    void aGoneListedInstallOfThePackageIsDroppedFromTheListItsFieldsAreTheManagersAlready() {
        ObjectNode role = role();

        OwnershipDecision decision = judge.knowing(Set.of(PEER)).judge(ROLE, role,
                seen(OwnerMark.inList(PEER, digest(role))), List.of());

        assertThat(decision).isInstanceOfSatisfying(OwnershipDecision.Owned.class, owned -> {
            assertThat(owned.how()).isEqualTo(OwnershipDecision.How.ADOPTED);
            assertThat(owned.transferFrom()).isEmpty();
            assertThat(owned.goneOwners()).extracting(OwnerMark::owner).containsExactly(PEER);
        });
    }

    @Test
    void anotherPackageWhoseEveryListedInstallIsGoneHasItsManagersFieldsTaken() {
        ObjectNode role = role();

        OwnershipDecision decision = judge.knowing(Set.of(OTHER)).judge(ROLE, role,
                seen(OwnerMark.inList(OTHER, digest(role))), List.of());

        assertThat(decision).isInstanceOfSatisfying(OwnershipDecision.Owned.class, owned -> {
            assertThat(owned.how()).isEqualTo(OwnershipDecision.How.ADOPTED);
            assertThat(owned.transferFrom()).containsExactly("bundlectl/otherbox-operator");
        });
    }

    @Test
    void aConflictWithAnotherPackagesManagerNamesAnInstallItsListNamesOnceTheObjectIsRead() {
        List<String> conflicts = List.of("bundlectl/otherbox-operator");
        ObjectOwners live = new ObjectOwners(List.of(OwnerMark.inList(OTHER, "sha256:theirs")), false);

        assertThat(judge.needsOwnersRead(conflicts)).isTrue();
        assertThat(judge.judge(ROLE, role(), null, conflicts, live))
                .isEqualTo(new OwnershipDecision.Conflict(OTHER, "another package"));
        assertThat(judge.judge(ROLE, role(), null, conflicts, null)).as("not read: the server's conflict stands")
                .isNull();
        assertThat(judge.knowing(Set.of(OTHER)).judge(ROLE, role(), null, conflicts, live))
                .isInstanceOfSatisfying(OwnershipDecision.Owned.class, owned -> {
                    assertThat(owned.how()).isEqualTo(OwnershipDecision.How.ADOPTED);
                    assertThat(owned.transferFrom()).containsExactly("bundlectl/otherbox-operator");
                    assertThat(owned.goneOwners()).extracting(OwnerMark::owner).containsExactly(OTHER);
                });
    }

    @Test
    void aConflictWithItsOwnManagerOfTheReleaseBeforeIsItsOwnToTakeOver() {
        ObjectNode role = role();
        List<String> conflicts = List.of(ME.earlierFieldManager());
        ObjectOwners live = new ObjectOwners(List.of(OwnerMark.ofEarlierMark(ME, "sha256:before")), false);
        OwnershipJudge upgrading = new OwnershipJudge(ME, new PreviousOwnership(List.of(ROLE), List.of()), false);

        assertThat(upgrading.judge(ROLE, role, null, conflicts, live))
                .isInstanceOfSatisfying(OwnershipDecision.Owned.class, owned -> {
                    assertThat(owned.how()).isEqualTo(OwnershipDecision.How.OWNED);
                    assertThat(owned.transferFrom()).containsExactly(ME.earlierFieldManager());
                });
    }

    @Test
    void takingOverFromAnotherPackageTakesItsManagersFieldsAndEveryInstallItsListNames() {
        ObjectNode role = role();
        InstallOwner otherToo = new InstallOwner("team-c", "otherbox-operator");

        OwnershipDecision decision = new OwnershipJudge(ME, PreviousOwnership.NONE, true).judge(ROLE, role,
                seen(OwnerMark.inList(OTHER, digest(role)), OwnerMark.inList(otherToo, digest(role))), List.of());

        assertThat(decision).isInstanceOfSatisfying(OwnershipDecision.Owned.class, owned -> {
            assertThat(owned.how()).isEqualTo(OwnershipDecision.How.TAKEN);
            assertThat(owned.takenFrom()).extracting(OwnerMark::owner).containsExactly(OTHER, otherToo);
            assertThat(owned.transferFrom()).containsExactly("bundlectl/otherbox-operator");
        });
    }

    private static ObjectNode role() {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        object.put("kind", "ClusterRole").putObject("metadata").put("name", "cachebox-metrics-reader");
        return object;
    }

    private static String digest(ObjectNode object) {
        return OwnerMarks.contentDigest(object);
    }

    private static ObservedObject seen(OwnerMark... marks) {
        return new ObservedObject("uid-1", "7", new ObjectOwners(List.of(marks), false), false);
    }
}
