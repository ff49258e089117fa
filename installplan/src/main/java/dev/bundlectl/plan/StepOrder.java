package dev.bundlectl.plan;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.api.CrdApiResources;
import java.util.ArrayList;
import java.util.List;

/**
 * OLM's step order ({@code OrderSteps} in operator-framework/api): CSVs first, then CRDs, then
 * everything else, each group keeping the bundle's order. CRDs must be established before the
 * objects that may use them, and the CSV goes first so that the rest can be owned by it. Like
 * OLM, it looks at the kind alone: a CSV with an odd {@code apiVersion} is still the CSV.
 */
final class StepOrder {

    private StepOrder() {
    }

    static List<Manifest> order(List<Manifest> manifests) {
        List<Manifest> csvs = new ArrayList<>();
        List<Manifest> crds = new ArrayList<>();
        List<Manifest> rest = new ArrayList<>();
        for (Manifest manifest : manifests) {
            if (StepKinds.CSV_KIND.equals(manifest.kind())) {
                csvs.add(manifest);
            } else if (CrdApiResources.CRD_KIND.equals(manifest.kind())) {
                crds.add(manifest);
            } else {
                rest.add(manifest);
            }
        }
        List<Manifest> ordered = new ArrayList<>(manifests.size());
        ordered.addAll(csvs);
        ordered.addAll(crds);
        ordered.addAll(rest);
        return ordered;
    }
}
