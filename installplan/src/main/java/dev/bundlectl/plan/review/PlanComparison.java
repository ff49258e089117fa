package dev.bundlectl.plan.review;

import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.olm.OperatorGroupChoice;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.output.SecretRedaction;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Compares a reviewed plan's steps with a fresh plan of the same bundle made with the same
 * options, both with Secret values redacted. Statuses and messages are not compared: they are
 * predictions, recomputed at install time and never taken from a file.
 *
 * <p>A step matches a fresh one with the same group, kind and name, in the same namespace, or
 * with none where the reviewer's API surface knew the kind as cluster-scoped (the fresh plan is
 * made without a surface, so it cannot tell). Matched steps must agree on version, manifest,
 * {@code optional} and {@code parent}, and come in the same order.
 */
public final class PlanComparison {

    // Configured once, never changed: safe to share.
    private static final ObjectMapper JSON = Mappers.json();

    private PlanComparison() {
    }

    /**
     * Every difference; empty when the reviewed steps are the fresh plan's. An OperatorGroup that
     * the reviewed plan found in the namespace and uses as it is ({@code Present}) is the cluster's,
     * not the bundle's: the fresh plan, made offline, cannot know it, so neither side's OperatorGroup
     * step is compared, and the install checks the namespace's OperatorGroups again.
     */
    public static List<StepDifference> differences(List<Step> reviewed, List<Step> fresh) {
        if (reviewed.stream().anyMatch(step -> OperatorGroupChoice.isStep(step) && step.status() == StepStatus.PRESENT)) {
            reviewed = reviewed.stream().filter(step -> !OperatorGroupChoice.isStep(step)).toList();
            fresh = fresh.stream().filter(step -> !OperatorGroupChoice.isStep(step)).toList();
        }
        List<StepDifference> differences = new ArrayList<>();
        List<Step> unmatched = new ArrayList<>(fresh);
        List<Integer> matchedOrder = new ArrayList<>();
        for (int i = 0; i < reviewed.size(); i++) {
            Step step = reviewed.get(i);
            String name = "step " + (i + 1) + " (" + step.resource().displayName() + ")";
            Optional<Step> match = takeMatch(step, unmatched);
            if (match.isEmpty()) {
                differences.add(new StepDifference(name, "not in the plan of the bundle (added or renamed after "
                        + "review)"));
                continue;
            }
            matchedOrder.add(fresh.indexOf(match.get()));
            compare(name, step, match.get(), differences);
        }
        for (Step missing : unmatched) {
            differences.add(new StepDifference(missing.resource().displayName(),
                    "in the plan of the bundle but missing from the plan file"));
        }
        for (int i = 1; i < matchedOrder.size(); i++) {
            if (matchedOrder.get(i) < matchedOrder.get(i - 1)) {
                differences.add(new StepDifference("step " + (i + 1) + " (" + reviewed.get(i).resource().displayName()
                        + ")", "out of the order of the bundle's plan"));
                break;
            }
        }
        return differences;
    }

    /** Removes and answers the fresh step that {@code step} stands for, if any. */
    static Optional<Step> takeMatch(Step step, List<Step> candidates) {
        for (Iterator<Step> it = candidates.iterator(); it.hasNext();) {
            Step candidate = it.next();
            if (sameObject(step.resource(), candidate.resource())) {
                it.remove();
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    private static boolean sameObject(StepResource reviewed, StepResource fresh) {
        return Objects.equals(reviewed.group(), fresh.group()) && Objects.equals(reviewed.kind(), fresh.kind())
                && Objects.equals(reviewed.name(), fresh.name())
                && (reviewed.namespace() == null || Objects.equals(reviewed.namespace(), fresh.namespace()));
    }

    private static void compare(String name, Step reviewed, Step fresh, List<StepDifference> differences) {
        if (!Objects.equals(reviewed.resource().version(), fresh.resource().version())) {
            differences.add(new StepDifference(name, "version is " + reviewed.resource().version()
                    + " but the bundle's is " + fresh.resource().version()));
        }
        if (!Objects.equals(reviewed.resource().manifest(), fresh.resource().manifest())) {
            differences.add(new StepDifference(name, manifestDifference(reviewed.resource().manifest(),
                    fresh.resource().manifest())));
        }
        if (reviewed.optional() != fresh.optional()) {
            differences.add(new StepDifference(name, "optional is " + reviewed.optional() + " but the bundle says "
                    + fresh.optional()));
        }
        if (!Objects.equals(reviewed.parent(), fresh.parent())) {
            differences.add(new StepDifference(name, "parent is " + reviewed.parent() + " but the bundle's plan says "
                    + fresh.parent()));
        }
        // Only where both are optional: otherwise the optional flag's own difference says it all.
        if (reviewed.optional() && fresh.optional() && !Objects.equals(reviewed.optionalBy(), fresh.optionalBy())) {
            differences.add(new StepDifference(name, "optional by " + optionalOrigin(reviewed)
                    + " but the bundle's plan says by " + optionalOrigin(fresh)));
        }
    }

    private static String optionalOrigin(Step step) {
        return step.optionalBy() != null ? step.optionalBy() : "the bundle's olm.manifests.optional";
    }

    /** The first field where two manifests differ, in words; a Secret value is named as such. */
    static String manifestDifference(String reviewed, String fresh) {
        Optional<FieldDifference> found;
        try {
            found = firstDifference(JSON.readTree(reviewed), JSON.readTree(fresh), "");
        } catch (JsonProcessingException | IllegalArgumentException unreadable) {
            found = Optional.empty();
        }
        if (found.isEmpty()) {
            return "manifest differs from the bundle's";
        }
        FieldDifference field = found.get();
        if (isMarker(field.reviewed()) && isMarker(field.fresh())) {
            return "the Secret value at " + field.path() + " is not the one reviewed (its digest differs)";
        }
        return "manifest differs from the bundle's at " + field.path();
    }

    private static boolean isMarker(JsonNode value) {
        return value != null && value.isTextual() && SecretRedaction.isMarker(value.asText());
    }

    /** Where two manifests first differ, and the two values there (null where one has none). */
    private record FieldDifference(String path, JsonNode reviewed, JsonNode fresh) {
    }

    private static Optional<FieldDifference> firstDifference(JsonNode left, JsonNode right, String path) {
        if (left == null || right == null || left.getNodeType() != right.getNodeType()) {
            return Optional.of(new FieldDifference(path.isEmpty() ? "the top level" : path, left, right));
        }
        if (left.isObject()) {
            List<String> names = new ArrayList<>();
            left.fieldNames().forEachRemaining(names::add);
            right.fieldNames().forEachRemaining(field -> {
                if (!names.contains(field)) {
                    names.add(field);
                }
            });
            for (String field : names) {
                Optional<FieldDifference> found = firstDifference(left.get(field), right.get(field),
                        path.isEmpty() ? field : path + "." + field);
                if (found.isPresent()) {
                    return found;
                }
            }
            return Optional.empty();
        }
        if (left.isArray()) {
            for (int i = 0; i < Math.max(left.size(), right.size()); i++) {
                Optional<FieldDifference> found = firstDifference(left.get(i), right.get(i), path + "[" + i + "]");
                if (found.isPresent()) {
                    return found;
                }
            }
            return Optional.empty();
        }
        return left.equals(right) ? Optional.empty()
                : Optional.of(new FieldDifference(path.isEmpty() ? "the top level" : path, left, right));
    }
}
