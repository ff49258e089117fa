package dev.bundlectl.executor.adopt;

import dev.bundlectl.executor.diff.PlanDiff;
import dev.bundlectl.executor.ownership.UnmarkedOwners;
import dev.bundlectl.plan.planned.PlannedInstall;
import java.util.List;
import java.util.Objects;

/**
 * An adoption ready to run ({@link Adoption#compare}): what OLM installed, the plan that takes it
 * over, what the plan would change, and how the bundle differs from what runs.
 *
 * @param olm what OLM installed
 * @param planned the bundle's plan against the cluster, its generated RBAC named as OLM named it and
 *     the plan annotated with where it was adopted from; this is what the install applies
 * @param diff what applying it would change, the CSV's spec compared with the bundle's in place of
 *     the CSV's step (the install never writes an existing CSV)
 * @param differences each way the bundle differs from what runs (docs/semantics.md §11); empty
 *     when it matches
 * @param scope the objects taken over and those shared with OLM's other operators
 */
public record AdoptionPlan(OlmInstall olm, PlannedInstall planned, PlanDiff diff, List<String> differences,
        TakeoverScope scope) {

    public AdoptionPlan {
        Objects.requireNonNull(olm, "olm");
        Objects.requireNonNull(planned, "planned");
        Objects.requireNonNull(diff, "diff");
        differences = List.copyOf(differences);
        Objects.requireNonNull(scope, "scope");
    }

    /** Whether the bundle matches what runs. */
    public boolean matches() {
        return differences.isEmpty();
    }

    /** The refusal a bundle that differs is answered with, unless the caller forces the adoption. */
    public Refusal differs() {
        return new Refusal(Refusal.Reason.BundleDiffers, "the bundle differs from what OLM runs ("
                + differences.size() + (differences.size() == 1 ? " difference" : " differences") + "): "
                + String.join("; ", differences) + "; --force adopts it anyway, and the install applies the bundle");
    }

    /** Whose the objects the install meets are: OLM's, taken over or shared ({@link OlmOwnership}). */
    public UnmarkedOwners owners() {
        return new OlmOwnership(scope);
    }
}
