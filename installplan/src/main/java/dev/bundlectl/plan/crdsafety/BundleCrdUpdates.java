package dev.bundlectl.plan.crdsafety;

import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.crdschema.upgrade.CrdUpgradeSafety;
import dev.bundlectl.plan.api.CrdApiResources;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The CRD updates of installing one bundle over another, where both are known without a cluster:
 * the hops of a walk along a catalog's channel, planned before the first is installed. Each CRD of
 * the newer bundle that the older one has too is compared with it; a CRD only the newer one has
 * is new, and breaks nothing.
 */
public final class BundleCrdUpdates {

    private BundleCrdUpdates() {
    }

    /** What installing {@code newer} over {@code older} would do to the CRDs they share. */
    public static CrdUpdateFindings between(Bundle older, Bundle newer) {
        Map<String, Manifest> before = new LinkedHashMap<>();
        older.manifests().stream().filter(CrdApiResources::isCrd).forEach(crd -> before.putIfAbsent(crd.name(), crd));
        List<CrdUpdateFindings.CrdUpdate> updates = new ArrayList<>();
        for (Manifest crd : newer.manifests()) {
            Manifest old = CrdApiResources.isCrd(crd) ? before.get(crd.name()) : null;
            if (old != null) {
                updates.add(new CrdUpdateFindings.CrdUpdate(crd.name(), CrdUpgradeSafety.findings(old.body(),
                        crd.body())));
            }
        }
        return new CrdUpdateFindings(updates, List.of());
    }
}
