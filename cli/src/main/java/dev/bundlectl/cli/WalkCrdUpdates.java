package dev.bundlectl.cli;

import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.crdschema.upgrade.UpgradeFinding;
import dev.bundlectl.plan.crdsafety.BundleCrdUpdates;
import dev.bundlectl.plan.crdsafety.CrdSafetyPolicy;
import dev.bundlectl.plan.crdsafety.CrdUpdateFindings;
import dev.bundlectl.source.catalog.CatalogBundle;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;

/**
 * The CRD updates of a walk along a catalog's channel after its first hop (docs/semantics.md §9):
 * each later hop's bundle compared offline with the hop's before it, which is what the cluster will
 * hold by then. The first hop is compared with the live CRDs when it is planned; the later ones are
 * known only from the bundles, and this is how a strict install refuses the whole walk before its
 * first write rather than stopping half-way, and how {@code plan} shows what a walk it plans only
 * the first hop of would break.
 */
final class WalkCrdUpdates {

    private WalkCrdUpdates() {
    }

    /**
     * Prints each later hop's findings, as warnings, or as errors under {@link CrdSafetyPolicy#STRICT};
     * answers whether the policy refuses the walk. A hop that cannot be read is passed over: its
     * own planning reports it.
     *
     * @param hops the walk's bundles, pulled, in order
     * @param names the same hops as the catalog names them
     */
    static boolean report(List<SourcedInput> hops, List<CatalogBundle> names, CrdSafetyPolicy policy,
            PrintWriter err) {
        boolean found = false;
        Optional<Bundle> older = read(hops.get(0));
        for (int i = 1; i < hops.size(); i++) {
            Optional<Bundle> newer = read(hops.get(i));
            if (older.isPresent() && newer.isPresent()) {
                CrdUpdateFindings updates = BundleCrdUpdates.between(older.get(), newer.get());
                for (UpgradeFinding finding : updates.findings()) {
                    found = true;
                    err.println((policy == CrdSafetyPolicy.STRICT ? "error: " : "warning: ") + TerminalText.safe(
                            "CRD upgrade safety: hop " + (i + 1) + " of " + hops.size() + " (" + names.get(i).name()
                            + " over " + names.get(i - 1).name() + "): " + finding.describe()));
                }
            }
            older = newer;
        }
        if (found && policy == CrdSafetyPolicy.STRICT) {
            err.println("error: --crd-upgrade-safety=strict refuses the walk: a later hop's CRD updates would break "
                    + "stored objects; nothing was applied");
            return true;
        }
        return false;
    }

    private static Optional<Bundle> read(SourcedInput hop) {
        return new BundleReader().read(hop.directory()).bundle();
    }
}
