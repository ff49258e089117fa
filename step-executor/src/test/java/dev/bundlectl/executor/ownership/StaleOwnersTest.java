package dev.bundlectl.executor.ownership;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.executor.records.RecordSecret;
import dev.bundlectl.executor.records.RecordSecrets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A stale owner is no owner (docs/semantics.md §8): how an install judges marks of gone installs, and what makes one gone. */
class StaleOwnersTest {

    private static final InstallOwner ME = new InstallOwner("team-b", "cachebox-operator");
    private static final InstallOwner GONE = new InstallOwner("team-a", "cachebox-operator");
    private static final InstallOwner LIVE = new InstallOwner("team-c", "cachebox-operator");
    private static final ObjectRef ROLE = new ObjectRef("rbac.authorization.k8s.io", "v1", "ClusterRole", null,
            "cachebox-metrics-reader");

    @Test
    void anObjectOnlyGoneInstallsMarkedIsAdoptedTheirFieldsTakenSoTheApplyDropsTheirMarks() {
        ObjectNode role = role();
        OwnershipJudge judge = new OwnershipJudge(ME, PreviousOwnership.NONE, false).knowing(Set.of(GONE));

        OwnershipDecision decision = judge.judge(ROLE, role, marked(role, GONE), List.of());

        assertThat(decision).isInstanceOfSatisfying(OwnershipDecision.Owned.class, owned -> {
            assertThat(owned.how()).isEqualTo(OwnershipDecision.How.ADOPTED);
            assertThat(owned.alsoOwnedBy()).isEmpty();
            assertThat(owned.takenFrom()).as("nobody to tell").isEmpty();
            assertThat(owned.transferFrom()).containsExactly(GONE.earlierFieldManager());
        });
    }

    @Test
    void withoutKnowingTheOwnerIsGoneTheObjectIsSharedAsBefore() {
        ObjectNode role = role();

        OwnershipDecision decision = new OwnershipJudge(ME, PreviousOwnership.NONE, false)
                .judge(ROLE, role, marked(role, GONE), List.of());

        assertThat(decision).isInstanceOfSatisfying(OwnershipDecision.Owned.class,
                owned -> assertThat(owned.how()).isEqualTo(OwnershipDecision.How.SHARED));
    }

    @Test
    void aGoneInstallOfOtherContentIsNoConflictButALiveOneStillShares() {
        ObjectNode theirs = role();
        ObjectNode mine = role();
        mine.putArray("rules").addObject().putArray("verbs").add("get");
        ObservedObject seen = new ObservedObject("uid", "1", new ObjectOwners(List.of(
                OwnerMark.ofEarlierMark(GONE, OwnerMarks.contentDigest(theirs)),
                OwnerMark.inList(LIVE, OwnerMarks.contentDigest(mine))),
                false), false);

        OwnershipDecision decision = new OwnershipJudge(ME, PreviousOwnership.NONE, false).knowing(Set.of(GONE))
                .judge(ROLE, mine, seen, List.of());

        assertThat(decision).isInstanceOfSatisfying(OwnershipDecision.Owned.class, owned -> {
            assertThat(owned.how()).isEqualTo(OwnershipDecision.How.SHARED);
            assertThat(owned.alsoOwnedBy()).extracting(OwnerMark::owner).containsExactly(LIVE);
            assertThat(owned.transferFrom()).containsExactly(GONE.earlierFieldManager());
        });
    }

    @Test
    void anApplyConflictingOnlyWithAGoneInstallsFieldsTakesThemOver() {
        OwnershipDecision decision = new OwnershipJudge(ME, PreviousOwnership.NONE, false).knowing(Set.of(GONE))
                .judge(ROLE, role(), null, List.of(GONE.earlierFieldManager()));

        assertThat(decision).isInstanceOfSatisfying(OwnershipDecision.Owned.class, owned -> {
            assertThat(owned.how()).isEqualTo(OwnershipDecision.How.ADOPTED);
            assertThat(owned.transferFrom()).containsExactly(GONE.earlierFieldManager());
        });
        assertThat(OwnershipJudge.ownersToAsk(List.of(GONE.earlierFieldManager(), "kubectl-edit"))).containsExactly(GONE);
    }

    @Test
    void itsOwnMarkOnAnObjectItsRecordDoesNotOwnIsAdoptedWithoutAsking() {
        ObjectNode role = role();
        OwnershipJudge judge = new OwnershipJudge(ME, PreviousOwnership.NONE, false);
        ObservedObject seen = marked(role, ME);

        assertThat(judge.ownersToAsk(ROLE, seen.owners())).as("its own record makes its namespace hold one: "
                + "asking could only answer that it stands").isEmpty();
        assertThat(judge.judge(ROLE, role, seen, List.of()))
                .isInstanceOfSatisfying(OwnershipDecision.Owned.class,
                        owned -> assertThat(owned.how()).isEqualTo(OwnershipDecision.How.ADOPTED));
        PreviousOwnership owned = new PreviousOwnership(List.of(ROLE), List.of());
        assertThat(new OwnershipJudge(ME, owned, false).judge(ROLE, role, seen, List.of()))
                .isInstanceOfSatisfying(OwnershipDecision.Owned.class,
                        kept -> assertThat(kept.how()).isEqualTo(OwnershipDecision.How.OWNED));
    }

    @Test
    void aNamespaceBeingDeletedIsAGoneOwner() {
        assertThat(NamespaceHolding.deleting("team-a").standingOf("cachebox-operator"))
                .isEqualTo(new OwnerStanding.Gone("namespace team-a is being deleted"));
        assertThat(OwnerStandings.deleting(JsonNodeFactory.instance.objectNode().set("metadata", JsonNodeFactory.instance.objectNode()
                .put("name", "team-a").put("deletionTimestamp", "2026-11-28T22:00:00Z")))).isTrue();
        assertThat(OwnerStandings.deleting(JsonNodeFactory.instance.objectNode().set("metadata", JsonNodeFactory.instance.objectNode()
                .put("name", "team-a")))).isFalse();
    }

    @Test
    void anOwnerIsGoneWhenItsNamespaceIsOrHoldsNoRecordOfItsPackage() {
        assertThat(NamespaceHolding.missing("team-a").standingOf("cachebox-operator"))
                .isEqualTo(new OwnerStanding.Gone("namespace team-a no longer exists"));
        assertThat(NamespaceHolding.holding("team-a", List.of(record("other-operator"))).standingOf("cachebox-operator"))
                .isEqualTo(new OwnerStanding.Gone("namespace team-a holds no install record of cachebox-operator"));
        assertThat(NamespaceHolding.holding("team-a", List.of(record("cachebox-operator"))).standingOf("cachebox-operator"))
                .isEqualTo(new OwnerStanding.Present());
        OwnerStanding unread = NamespaceHolding.unreadable("team-a", "cannot list the install records in namespace team-a: "
                + "forbidden").standingOf("cachebox-operator");
        assertThat(unread).isInstanceOf(OwnerStanding.Unknown.class);
        assertThat(unread.gone()).as("what cannot be read still owns").isFalse();
    }

    private static RecordSecret record(String packageName) {
        ObjectNode secret = JsonNodeFactory.instance.objectNode();
        secret.put("type", RecordSecrets.TYPE);
        ObjectNode metadata = secret.putObject("metadata").put("name", "bundlectl." + packageName + ".1")
                .put("namespace", "team-a");
        metadata.putObject("labels").put(RecordSecrets.LABEL_MANAGED_BY, RecordSecrets.MANAGED_BY);
        metadata.putObject("annotations").put(RecordSecrets.ANNOTATION_PACKAGE, packageName);
        return new RecordSecret(secret);
    }

    private static ObjectNode role() {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        object.put("kind", "ClusterRole").putObject("metadata").put("name", "cachebox-metrics-reader");
        return object;
    }

    private static ObservedObject marked(ObjectNode applied, InstallOwner owner) {
        return new ObservedObject("uid-1", "7",
                new ObjectOwners(List.of(OwnerMark.ofEarlierMark(owner, OwnerMarks.contentDigest(applied))), false),
                false);
    }
}
