package dev.bundlectl.executor.ownership;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.records.ObjectRef;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Who owns an object another install already marked: shared, or refused. */
class OwnershipJudgeTest {

    private static final InstallOwner ME = new InstallOwner("team-a", "app-operator");
    private static final InstallOwner BASE = new InstallOwner("team-a", "base-operator");
    private static final ObjectRef GROUP = new ObjectRef("operators.coreos.com", "v1", "OperatorGroup", "team-a",
            "team-a");
    private static final ObjectRef ROLE = new ObjectRef("rbac.authorization.k8s.io", "v1", "ClusterRole", null,
            "metrics-reader");

    private final OwnershipJudge judge = new OwnershipJudge(ME, PreviousOwnership.NONE, false);

    @Test
    void theNamespacesOperatorGroupAppliedAlikeByAnotherPackageIsShared() {
        ObjectNode group = object("OperatorGroup", "team-a");

        OwnershipDecision decision = judge.judge(GROUP, group, markedBy(BASE, group), List.of());

        assertThat(decision).isInstanceOfSatisfying(OwnershipDecision.Owned.class, owned -> {
            assertThat(owned.how()).isEqualTo(OwnershipDecision.How.SHARED);
            assertThat(owned.alsoOwnedBy()).extracting(OwnerMark::owner).containsExactly(BASE);
        });
    }

    @Test
    void anOperatorGroupAnotherPackageAppliedOtherwiseIsRefused() {
        ObjectNode theirs = object("OperatorGroup", "team-a");
        ObjectNode mine = object("OperatorGroup", "team-a");
        mine.putObject("spec").putArray("targetNamespaces").add("team-a");

        OwnershipDecision decision = judge.judge(GROUP, mine, markedBy(BASE, theirs), List.of());

        assertThat(decision).isEqualTo(new OwnershipDecision.Conflict(BASE, "it applied other content"));
    }

    @Test
    void anyOtherObjectAnotherPackageOwnsIsRefusedEvenAlike() {
        ObjectNode role = object("ClusterRole", "metrics-reader");

        OwnershipDecision decision = judge.judge(ROLE, role, markedBy(BASE, role), List.of());

        assertThat(decision).isEqualTo(new OwnershipDecision.Conflict(BASE, "another package"));
    }

    @Test
    void takingOwnershipTakesAnotherPackagesObject() {
        ObjectNode role = object("ClusterRole", "metrics-reader");

        OwnershipDecision decision = new OwnershipJudge(ME, PreviousOwnership.NONE, true)
                .judge(ROLE, role, markedBy(BASE, role), List.of());

        assertThat(decision).isInstanceOfSatisfying(OwnershipDecision.Owned.class, owned -> {
            assertThat(owned.how()).isEqualTo(OwnershipDecision.How.TAKEN);
            assertThat(owned.takenFrom()).extracting(OwnerMark::owner).containsExactly(BASE);
        });
    }

    private static ObjectNode object(String kind, String name) {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        object.put("kind", kind).putObject("metadata").put("name", name);
        return object;
    }

    /** The object as the server shows it, listing {@code owner} with the digest of {@code applied}. */
    private static ObservedObject markedBy(InstallOwner owner, ObjectNode applied) {
        return new ObservedObject("uid-1", "7",
                new ObjectOwners(List.of(OwnerMark.inList(owner, OwnerMarks.contentDigest(applied))), false), false);
    }
}
