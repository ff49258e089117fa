package dev.bundlectl.executor.adopt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.executor.install.OwnershipPlan;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.render.OlmInstallPlanRbac;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Which of a plan's objects an adoption takes over from OLM, which it shares with the operators OLM
 * still manages, and what OLM installed for the CSV that the plan lacks (docs/semantics.md §11).
 *
 * <p>An existing object is OLM's install of the CSV when OLM says so: an InstallPlan of the
 * Subscription wrote it for the CSV ({@code status.plan[].resolving}), it carries an owner reference
 * to the CSV (OLM's catalog operator sets one on every namespaced object it writes for a CSV,
 * {@code Operator.ExecutePlan}), or OLM's owner labels for it (cluster-scoped objects, and the
 * RBAC OLM generates), or it is a CRD the CSV owns. It is shared when another operator OLM manages
 * uses it too: a CRD another CSV owns or requires, an object another InstallPlan wrote for a CSV
 * that still exists, or one that carries an owner reference to another CSV. The namespace's
 * OperatorGroup and the CSV itself are never in scope: the plan never writes them here.
 *
 * @param taken the objects taken over
 * @param shared the objects shared, each with who else uses it
 * @param notInPlan what OLM installed for the CSV that the plan has no step for, as {@code Kind name}
 */
public record TakeoverScope(List<ObjectRef> taken, Map<ObjectRef, String> shared, List<String> notInPlan) {

    private static final String CSV_KIND = "ClusterServiceVersion";
    private static final List<String> NEVER_TAKEN = List.of(CSV_KIND, "Subscription", "OperatorGroup");

    public TakeoverScope {
        taken = List.copyOf(taken);
        shared = Map.copyOf(shared);
        notInPlan = List.copyOf(notInPlan);
    }

    /**
     * The scope of an adoption of {@code olm} with {@code planned}.
     *
     * @param live by step index, the object as it is now (absent: it does not exist, or was not read)
     */
    static TakeoverScope of(OlmInstall olm, PlannedInstall planned, Map<Integer, ObjectNode> live) {
        List<ObjectRef> taken = new ArrayList<>();
        Map<ObjectRef, String> shared = new LinkedHashMap<>();
        for (int index = 0; index < planned.steps().size(); index++) {
            StepResource resource = planned.steps().get(index).step().resource();
            ObjectNode object = live.get(index);
            if (object == null || !OwnershipPlan.sends(planned.steps().get(index).step())
                    || NEVER_TAKEN.contains(resource.kind())) {
                continue;
            }
            ObjectRef ref = ObjectRef.of(resource);
            List<String> others = otherUsers(olm, ref, object);
            if (!others.isEmpty()) {
                shared.put(ref, String.join("; ", others));
            } else if (installedFor(olm, ref, object)) {
                taken.add(ref);
            }
        }
        return new TakeoverScope(taken, shared, notInPlan(olm, planned));
    }

    /** Whether the adoption touches {@code ref} at all (takes it, or shares it). */
    public boolean covers(ObjectRef ref) {
        return taken.stream().anyMatch(ref::sameObjectAs) || shared.keySet().stream().anyMatch(ref::sameObjectAs);
    }

    private static boolean installedFor(OlmInstall olm, ObjectRef ref, JsonNode live) {
        OlmCsv csv = olm.csv();
        if (ref.customResourceDefinition() && csv.ownedCrds().contains(ref.name())) {
            return true;
        }
        JsonNode labels = live.path("metadata").path("labels");
        if (csv.name().equals(labels.path(OlmInstallPlanRbac.OWNER).asText(null))
                && csv.namespace().equals(labels.path(OlmInstallPlanRbac.OWNER_NAMESPACE).asText(null))) {
            return true;
        }
        for (JsonNode owner : live.path("metadata").path("ownerReferences")) {
            if (CSV_KIND.equals(owner.path("kind").asText()) && Objects.equals(csv.uid(), owner.path("uid").asText())) {
                return true;
            }
        }
        return olm.plans().stream().anyMatch(plan -> plan.steps().stream()
                .anyMatch(step -> step.resolving().equals(csv.name()) && names(step, plan, ref)));
    }

    /** Who else OLM installed {@code ref} for, in words; empty when nobody. */
    private static List<String> otherUsers(OlmInstall olm, ObjectRef ref, JsonNode live) {
        List<String> others = new ArrayList<>();
        if (ref.customResourceDefinition()) {
            for (OlmCsv other : olm.otherCsvs()) {
                if (other.ownedCrds().contains(ref.name())) {
                    others.add("owned by ClusterServiceVersion " + other.namespace() + "/" + other.name());
                } else if (other.requiredCrds().contains(ref.name())) {
                    others.add("required by ClusterServiceVersion " + other.namespace() + "/" + other.name());
                }
            }
        }
        for (OlmInstallPlan plan : olm.otherPlans()) {
            for (OlmInstallPlan.Step step : plan.steps()) {
                if (!step.resolving().isEmpty() && names(step, plan, ref) && !ref.customResourceDefinition()
                        && olm.otherCsv(plan.namespace(), step.resolving()).isPresent()) {
                    others.add("also written by " + plan.describe() + " for ClusterServiceVersion " + step.resolving());
                }
            }
        }
        for (JsonNode owner : live.path("metadata").path("ownerReferences")) {
            if (CSV_KIND.equals(owner.path("kind").asText())
                    && !Objects.equals(olm.csv().uid(), owner.path("uid").asText())) {
                others.add("also owned by ClusterServiceVersion " + owner.path("name").asText());
            }
        }
        return others.stream().distinct().toList();
    }

    /** Whether an InstallPlan's step names {@code ref}: its namespaced objects are in the plan's namespace. */
    private static boolean names(OlmInstallPlan.Step step, OlmInstallPlan plan, ObjectRef ref) {
        return new GroupKind(step.group(), kindOf(step)).equals(ref.groupKind()) && step.name().equals(ref.name())
                && (ref.namespace() == null || ref.namespace().equals(plan.namespace()));
    }

    /** The kind a step wrote: OLM writes a bundle's Secret as the step kind {@code BundleSecret}. */
    private static String kindOf(OlmInstallPlan.Step step) {
        return "BundleSecret".equals(step.kind()) ? "Secret" : step.kind();
    }

    /** OLM's steps for the CSV that no step of the plan names, as {@code Kind name}. */
    private static List<String> notInPlan(OlmInstall olm, PlannedInstall planned) {
        List<String> missing = new ArrayList<>();
        for (OlmInstallPlan plan : olm.plans()) {
            for (OlmInstallPlan.Step step : plan.steps()) {
                if (!step.resolving().equals(olm.csv().name()) || NEVER_TAKEN.contains(step.kind())) {
                    continue;
                }
                boolean inPlan = planned.steps().stream().map(each -> ObjectRef.of(each.step().resource()))
                        .anyMatch(ref -> names(step, plan, ref));
                String described = kindOf(step) + " " + step.name();
                if (!inPlan && !missing.contains(described)) {
                    missing.add(described);
                }
            }
        }
        return missing;
    }
}
