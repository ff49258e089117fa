package dev.bundlectl.executor.adopt;

import dev.bundlectl.executor.ownership.OwnershipDecision;
import dev.bundlectl.executor.ownership.UnmarkedOwners;
import dev.bundlectl.executor.records.ObjectRef;
import java.util.List;
import java.util.Objects;

/**
 * Whose the objects an adoption meets are ({@link TakeoverScope}): those OLM installed for the CSV
 * become the install's, the fields OLM's catalog operator wrote moving to the install's field
 * manager first (as {@code --take-ownership} moves another install's, docs/semantics.md §8), so
 * that its apply owns what it sets and drops what it no longer sets: OLM's owner references to the
 * CSV among them, which would otherwise let the garbage collector delete the object with an old
 * CSV once an upgrade replaces it, and which OLM's olm-operator reads as another CSV's claim on a
 * ServiceAccount. Those OLM shares with its other operators are marked shared: the install applies
 * its own fields beside OLM's and never deletes them. Anything else is the user's, as for any
 * install.
 */
final class OlmOwnership implements UnmarkedOwners {

    private final TakeoverScope scope;

    OlmOwnership(TakeoverScope scope) {
        this.scope = Objects.requireNonNull(scope, "scope");
    }

    @Override
    public OwnershipDecision decide(ObjectRef ref) {
        if (scope.shared().keySet().stream().anyMatch(ref::sameObjectAs)) {
            return OwnershipDecision.Owned.as(OwnershipDecision.How.SHARED_WITH_OLM);
        }
        if (scope.taken().stream().anyMatch(ref::sameObjectAs)) {
            return taken();
        }
        return new OwnershipDecision.Foreign();
    }

    /**
     * An object the adoption takes whose apply conflicted with OLM's catalog operator alone (the
     * bundle sets another value, adopted with {@code --force}): taken, OLM's fields moved first.
     */
    @Override
    public OwnershipDecision decideConflicting(ObjectRef ref, List<String> managers) {
        boolean onlyOlm = managers.stream().allMatch(OlmApis.CATALOG_OPERATOR_MANAGER::equals);
        return onlyOlm && scope.taken().stream().anyMatch(ref::sameObjectAs) ? taken() : null;
    }

    private static OwnershipDecision taken() {
        return new OwnershipDecision.Owned(OwnershipDecision.How.TAKEN_FROM_OLM, List.of(),
                List.of(OlmApis.CATALOG_OPERATOR_MANAGER), List.of());
    }
}
