package dev.bundlectl.plan.prune;

import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.crdschema.CrdSchemaSurveys;
import dev.bundlectl.crdschema.PrunedCrd;
import java.util.ArrayList;
import java.util.List;

/**
 * Leaves out of every CRD the schema keys the API server does not declare, and warns once per CRD
 * naming what was left out (docs/semantics.md §2). OLM creates a CRD with a plain create, and the
 * server drops such keys with an "unknown field" warning; bundlectl applies it server-side, where
 * the same keys make the server answer 500 ("field not declared in schema"). Dropping them in the
 * plan makes the step's manifest (what is applied, recorded and digested) what the server would
 * keep, so the plan, its digest and a reviewed plan file all see the same object.
 */
public final class UnknownSchemaFields {

    /** How many dropped fields a warning names before it only counts the rest. */
    static final int LISTED = 3;

    private UnknownSchemaFields() {
    }

    /**
     * The manifests with each CRD's undeclared schema keys dropped, in the same order; every other
     * manifest, and every CRD without such keys, is the same object as given.
     *
     * @param manifests the manifests to plan, in any order
     * @param warnings where each changed CRD is reported
     */
    public static List<Manifest> dropped(List<Manifest> manifests, Diagnostics.Collector warnings) {
        return dropped(manifests, warnings, new CrdSchemaSurveys());
    }

    /**
     * The same, taking each CRD's schema walk from {@code surveys}, which keeps it for the later
     * stages of the plan: the object checks read the refused patterns of the CRD as kept from the
     * same walk.
     *
     * @param manifests the manifests to plan, in any order
     * @param warnings where each changed CRD is reported
     * @param surveys the plan's CRD surveys
     */
    public static List<Manifest> dropped(List<Manifest> manifests, Diagnostics.Collector warnings,
            CrdSchemaSurveys surveys) {
        List<Manifest> result = new ArrayList<>(manifests.size());
        for (Manifest manifest : manifests) {
            if (!manifest.groupKind().isCrd()) {
                result.add(manifest);
                continue;
            }
            PrunedCrd pruned = surveys.of(manifest.body()).pruned();
            if (!pruned.changed()) {
                result.add(manifest);
                continue;
            }
            List<String> fields = pruned.droppedFields();
            if (fields.size() == 1) {
                warnings.warning(manifest.source(), manifest.displayName(), fields.get(0),
                        "unknown field dropped, as the API server drops it on create");
            } else {
                warnings.warning(manifest.source(), manifest.displayName(), null, manyDropped(fields));
            }
            result.add(new Manifest(manifest.source(), manifest.apiVersion(), manifest.kind(), manifest.name(),
                    manifest.namespace(), manifest.annotations(), pruned.crd()));
        }
        return result;
    }

    /**
     * E.g. {@code 5 unknown fields of its schemas dropped, as the API server drops them on create:
     * a, b, c and 2 more}.
     */
    static String manyDropped(List<String> fields) {
        String listed = String.join(", ", fields.subList(0, Math.min(LISTED, fields.size())));
        int rest = fields.size() - LISTED;
        return fields.size() + " unknown fields of its schemas dropped, as the API server drops them on create: "
                + (rest > 0 ? listed + " and " + rest + " more" : listed);
    }
}
