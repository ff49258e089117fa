package dev.bundlectl.crdschema.upgrade;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What replacing a CustomResourceDefinition with another would break, as OLM v1 judges a CRD
 * update before it makes one (operator-controller's {@code crdupgradesafety} preflight, which runs
 * crdify's checks; docs/semantics.md §9 says which we follow and where we differ):
 * <ul>
 *   <li>for the whole CRD: its scope changed; a version objects are stored in is gone;</li>
 *   <li>for each version both CRDs have, field by field: a field removed, its type changed, a
 *       field made required, a default added, removed or changed, an enum added or narrowed, a
 *       bound ({@code maximum}, {@code maxLength}, {@code maxItems}, {@code maxProperties} and the
 *       four minimums) added or tightened, a pattern added, removed or changed, {@code nullable}
 *       added or removed, a {@code oneOf} added or changed, and any other change to what the field
 *       accepts.</li>
 * </ul>
 * Versions are compared by name: version {@code v1} of the old CRD with version {@code v1} of the
 * new one. A version only one of them has is not compared field by field (a stored version that
 * is gone is a finding of its own). Pure: no I/O, no state.
 *
 * <p>Usage, for a CRD on the cluster and the one a bundle brings:
 * <pre>{@code
 * List<UpgradeFinding> findings = CrdUpgradeSafety.findings(liveCrd, bundleCrd);
 * findings.forEach(finding -> System.err.println("warning: " + finding.describe()));
 * }</pre>
 * A rollback asks the same of the newer CRD on the cluster and the older one it would bring back.
 */
public final class CrdUpgradeSafety {

    private CrdUpgradeSafety() {
    }

    /**
     * What replacing {@code oldCrd} with {@code newCrd} would break, in order: the CRD's own
     * findings, then each version's, field by field in the old schema's order; empty when nothing.
     *
     * @param oldCrd the CRD as it is (a live CRD, whose {@code status.storedVersions} counts, or one
     *     from a bundle)
     * @param newCrd the CRD that would replace it
     */
    public static List<UpgradeFinding> findings(JsonNode oldCrd, JsonNode newCrd) {
        return findings(CrdShape.of(oldCrd), CrdShape.of(newCrd));
    }

    /** {@link #findings(JsonNode, JsonNode)} of two shapes already made (a catalog check keeps them). */
    public static List<UpgradeFinding> findings(CrdShape old, CrdShape updated) {
        List<UpgradeFinding> findings = new ArrayList<>();
        if (old == updated) {
            return findings;
        }
        String crd = updated.name().isEmpty() ? old.name() : updated.name();
        if (!old.scope().equals(updated.scope())) {
            findings.add(new UpgradeFinding(crd, null, null, UpgradeCheck.SCOPE, "changed", old.scope(),
                    updated.scope()));
        }
        for (String stored : old.storedVersions()) {
            if (!updated.versions().contains(stored)) {
                findings.add(new UpgradeFinding(crd, stored, null, UpgradeCheck.STORED_VERSION_REMOVAL,
                        "objects are stored in this version, which is no longer in spec.versions", null, null));
            }
        }
        for (Map.Entry<String, SchemaShape> version : updated.schemas().entrySet()) {
            SchemaShape before = old.schemas().get(version.getKey());
            if (before != null) {
                compareFields(crd, version.getKey(), SchemaShape.ROOT, before, version.getValue(), findings);
            }
        }
        return findings;
    }

    /**
     * Walks two versions of a schema together from {@code path}: a subtree both share is passed
     * over; a nested field only the old one has is removed (named once: what it nested went with
     * it); a node both have is compared key by key.
     */
    private static void compareFields(String crd, String version, String path, SchemaShape old, SchemaShape updated,
            List<UpgradeFinding> findings) {
        if (old == updated) {
            return;
        }
        if (!old.node().equals(updated.node())) {
            NodeComparison.compare(crd, version, path, old.node(), updated.node(), findings);
        }
        for (Map.Entry<String, SchemaShape> field : old.nested().entrySet()) {
            SchemaShape after = updated.nested().get(field.getKey());
            String fieldPath = SchemaShape.path(path, field.getKey());
            if (after == null) {
                String type = field.getValue().node().type();
                findings.add(new UpgradeFinding(crd, version, fieldPath, UpgradeCheck.EXISTING_FIELD_REMOVAL,
                        "removed", type.isEmpty() ? "a field" : "a field of type " + type, null));
            } else {
                compareFields(crd, version, fieldPath, field.getValue(), after, findings);
            }
        }
    }
}
