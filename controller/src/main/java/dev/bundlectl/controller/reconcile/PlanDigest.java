package dev.bundlectl.controller.reconcile;

import java.util.List;
import dev.bundlectl.bundle.files.Sha256;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.upgrade.UpgradeSteps;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;

/**
 * The digest a person approves: SHA-256 over what each step will do, in order: the object (its
 * identity and manifest), whether it is optional, and its predicted status. A bundle that changes,
 * or a cluster whose served APIs change what is predicted, gives a new digest, so an approval never
 * carries over to a plan nobody saw. Messages are left out: they explain, they do not decide.
 * Written {@code sha256:<64 hex digits>}, the form {@code spec.approvedPlan} takes.
 *
 * <p>An upgrade's delete and keep steps are left out too: they follow from the bundle and the
 * previous install, and they are gone from the very next plan once the upgrade is installed. Were
 * they counted, every completed upgrade would be followed by a "new" plan (the same bundle as a
 * re-run) that installs again and, with {@code approval: Manual}, waits for an approval that
 * changes nothing. A person still sees them in {@code status.plan} before approving.
 */
public final class PlanDigest {

    private PlanDigest() {
    }

    /** The digest of {@code plan}. */
    public static String of(InstallPlan plan) {
        return of(plan, List.of());
    }

    /**
     * The digest of a walk along a catalog's channel: {@code plan} (its first hop) and the bundles
     * installed after it ({@code name@image}), so that one approval covers the walk and a change of
     * any hop asks for a new one. The later hops' plans are made against the cluster as the hops
     * before them leave it, so only their bundles can be known before the first is applied.
     */
    public static String of(InstallPlan plan, List<String> laterHops) {
        MessageDigest sha256 = Sha256.newDigest();
        for (String hop : laterHops) {
            sha256.update(("hop " + hop).getBytes(StandardCharsets.UTF_8));
            sha256.update((byte) '\n');
        }
        for (Step step : UpgradeSteps.bundleOnly(plan).steps()) {
            StepResource resource = step.resource();
            // Each field ends with a byte no field can hold, so that no two plans join to the same text.
            for (String field : new String[] {step.resolving(), resource.group(), resource.version(), resource.kind(),
                    resource.namespace(), resource.name(), resource.manifest(), String.valueOf(step.optional()),
                    step.status().wireName()}) {
                sha256.update((field == null ? "" : field).getBytes(StandardCharsets.UTF_8));
                sha256.update((byte) 0);
            }
            sha256.update((byte) '\n');
        }
        return "sha256:" + HexFormat.of().formatHex(sha256.digest());
    }
}
