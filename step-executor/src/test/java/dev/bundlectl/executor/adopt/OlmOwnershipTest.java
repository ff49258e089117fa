package dev.bundlectl.executor.adopt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.ownership.OwnershipDecision;
import dev.bundlectl.executor.records.ObjectRef;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Whose an adoption says the objects it meets are. */
class OlmOwnershipTest {

    private static final ObjectRef ACCOUNT = new ObjectRef("", "v1", "ServiceAccount", "ops", "cachebox-operator");
    private static final ObjectRef CRD = new ObjectRef("apiextensions.k8s.io", "v1", "CustomResourceDefinition", null,
            "caches.cache.bundlectl.dev");
    private static final ObjectRef OTHER = new ObjectRef("", "v1", "ConfigMap", "ops", "someone-elses");
    private static final OlmOwnership OWNERSHIP = new OlmOwnership(new TakeoverScope(List.of(ACCOUNT),
            Map.of(CRD, "required by ClusterServiceVersion ops/dashboard.v1"), List.of()));

    @Test
    void whatOlmInstalledForTheCsvIsTakenOlmsFieldsMovedFirst() {
        assertThat(OWNERSHIP.decide(ACCOUNT)).isInstanceOfSatisfying(OwnershipDecision.Owned.class, owned -> {
            assertThat(owned.how()).isEqualTo(OwnershipDecision.How.TAKEN_FROM_OLM);
            assertThat(owned.transferFrom()).containsExactly("catalog");
        });
    }

    @Test
    void whatOlmSharesWithItsOtherOperatorsIsSharedAndNothingOfOlmsMoves() {
        assertThat(OWNERSHIP.decide(CRD)).isInstanceOfSatisfying(OwnershipDecision.Owned.class, owned -> {
            assertThat(owned.how()).isEqualTo(OwnershipDecision.How.SHARED_WITH_OLM);
            assertThat(owned.transferFrom()).isEmpty();
        });
    }

    @Test
    void anythingElseIsTheUsersAndAConflictWithAnotherManagerStands() {
        assertThat(OWNERSHIP.decide(OTHER)).isInstanceOf(OwnershipDecision.Foreign.class);
        assertThat(OWNERSHIP.decideConflicting(ACCOUNT, List.of("catalog"))).isInstanceOf(OwnershipDecision.Owned.class);
        assertThat(OWNERSHIP.decideConflicting(ACCOUNT, List.of("catalog", "kubectl-edit"))).isNull();
        assertThat(OWNERSHIP.decideConflicting(CRD, List.of("catalog"))).as("shared: OLM keeps its fields").isNull();
    }
}
