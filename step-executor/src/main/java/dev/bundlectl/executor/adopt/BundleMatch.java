package dev.bundlectl.executor.adopt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.diff.PlanDiff;
import dev.bundlectl.executor.diff.StepDiff;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Whether the bundle matches what OLM runs (docs/semantics.md §11), from the adoption's diff: an
 * object the install would change beyond its labels and annotations, an object of the bundle the
 * cluster lacks, one that could not be compared, the CSV's spec, and what OLM installed for the CSV
 * that the bundle lacks, each is a difference. Labels and annotations are left out: the install
 * adds its own mark, and the RBAC bundlectl generates carries OLM's labels in another set (OLM's
 * generated ServiceAccount has none of them); they show in the diff, and decide nothing.
 */
final class BundleMatch {

    private static final int MAX_PATHS = 3;

    private BundleMatch() {
    }

    /** Each difference, in one line; empty when the bundle matches. */
    static List<String> differences(PlanDiff diff, TakeoverScope scope) {
        List<String> differences = new ArrayList<>();
        for (StepDiff step : diff.steps()) {
            String name = step.subject().displayName();
            if (isOperatorGroup(step)) {
                // The namespace's OperatorGroup is used as it is, never written (docs/semantics.md §6).
                continue;
            }
            if (step instanceof StepDiff.Changed changed) {
                List<String> paths = new ArrayList<>();
                collect(withoutLabels(changed.live()), withoutLabels(changed.planned()), "", paths);
                if (!paths.isEmpty()) {
                    differences.add(name + " differs from what runs at " + String.join(", ", paths.subList(0,
                            Math.min(MAX_PATHS, paths.size()))) + (paths.size() > MAX_PATHS
                            ? " and " + (paths.size() - MAX_PATHS) + " more" : ""));
                }
            } else if (step instanceof StepDiff.Created) {
                differences.add(name + " is in the bundle but not on the cluster");
            } else if (step instanceof StepDiff.NotDiffable notDiffable
                    && notDiffable.cause() != StepDiff.Cause.NOT_SENT) {
                differences.add(name + " could not be compared: " + notDiffable.reason());
            }
        }
        scope.notInPlan().forEach(missing -> differences.add(missing + " was installed by OLM for the CSV, and the "
                + "bundle does not have it"));
        return differences;
    }

    private static boolean isOperatorGroup(StepDiff step) {
        return step.subject().kind().equals("OperatorGroup") && step.subject().group().equals("operators.coreos.com");
    }

    private static JsonNode withoutLabels(ObjectNode object) {
        ObjectNode copy = object.deepCopy();
        if (copy.get("metadata") instanceof ObjectNode metadata) {
            metadata.remove(List.of("labels", "annotations"));
        }
        return copy;
    }

    /** The paths where {@code a} and {@code b} differ, as {@code spec.template.spec.containers[0].image}. */
    private static void collect(JsonNode a, JsonNode b, String at, List<String> paths) {
        if (a.equals(b)) {
            return;
        }
        if (a.isObject() && b.isObject()) {
            Set<String> names = new LinkedHashSet<>();
            for (Iterator<String> it = a.fieldNames(); it.hasNext();) {
                names.add(it.next());
            }
            for (Iterator<String> it = b.fieldNames(); it.hasNext();) {
                names.add(it.next());
            }
            for (String field : names) {
                collect(a.path(field), b.path(field), at.isEmpty() ? field : at + "." + field, paths);
            }
            return;
        }
        if (a.isArray() && b.isArray() && a.size() == b.size()) {
            for (int index = 0; index < a.size(); index++) {
                collect(a.get(index), b.get(index), at + "[" + index + "]", paths);
            }
            return;
        }
        paths.add(at.isEmpty() ? "(the whole object)" : at);
    }
}
