package dev.bundlectl.plan;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.plan.api.CrdApiResources;
import dev.bundlectl.plan.payload.ReleaseAnnotations;
import java.util.ArrayList;
import java.util.List;

/**
 * OLM's step order ({@code OrderSteps} in operator-framework/api): CSVs first, then CRDs, then
 * everything else, each group keeping the bundle's order. CRDs must be established before the
 * objects that may use them, and the CSV goes first so that the rest can be owned by it. Like
 * OLM, it looks at the kind alone: a CSV with an odd {@code apiVersion} is still the CSV.
 *
 * <p>During a first install, install levels (docs/semantics.md §5) come first: every level-0 manifest before
 * any level-1 manifest, OLM's order within each level, which is the order the executor runs them in.
 */
final class StepOrder {

    private StepOrder() {
    }

    /**
     * The manifests in plan order.
     *
     * @param byInstallLevel whether install levels apply (a first install, or an unknown phase);
     *     the manifests' release annotations must then be valid
     */
    static List<Manifest> order(List<Manifest> manifests, boolean byInstallLevel) {
        if (!byInstallLevel) {
            return olmOrder(manifests);
        }
        List<Manifest> levelZero = new ArrayList<>();
        List<Manifest> levelOne = new ArrayList<>();
        for (Manifest manifest : manifests) {
            (ReleaseAnnotations.installLevel(manifest) == 0 ? levelZero : levelOne).add(manifest);
        }
        List<Manifest> ordered = new ArrayList<>(olmOrder(levelZero));
        ordered.addAll(olmOrder(levelOne));
        return ordered;
    }

    private static List<Manifest> olmOrder(List<Manifest> manifests) {
        List<Manifest> csvs = new ArrayList<>();
        List<Manifest> crds = new ArrayList<>();
        List<Manifest> rest = new ArrayList<>();
        for (Manifest manifest : manifests) {
            if (GroupKind.CLUSTER_SERVICE_VERSION.hasKind(manifest.kind())) {
                csvs.add(manifest);
            } else if (GroupKind.CUSTOM_RESOURCE_DEFINITION.hasKind(manifest.kind())) {
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
