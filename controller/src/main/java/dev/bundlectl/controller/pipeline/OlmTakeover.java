package dev.bundlectl.controller.pipeline;

import static dev.bundlectl.controller.pipeline.PipelineWaits.await;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.controller.api.BundleInstallSpec;
import dev.bundlectl.controller.reconcile.ReconcileException;
import dev.bundlectl.executor.adopt.Adoption;
import dev.bundlectl.executor.adopt.AdoptionPlan;
import dev.bundlectl.executor.adopt.OlmInstall;
import dev.bundlectl.executor.adopt.OlmReading;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.plan.planned.PlannedInstall;
import java.util.Optional;

/**
 * The controller's side of an adoption (docs/semantics.md §11): a BundleInstall's first install of a
 * package that OLM manages in its namespace (a Subscription installs it) is refused, reason
 * {@value #MANAGED_BY_OLM}, unless its {@code spec.adopt} is true; then the operator is taken over
 * as {@code bundlectl adopt} takes it over: what OLM installed read and judged, the bundle compared
 * with what runs (a bundle that differs is refused: there is no {@code --force} in a spec), the
 * install run with OLM's objects taken or shared, and OLM's Subscription and InstallPlans removed.
 */
final class OlmTakeover {

    /** The reason of a BundleInstall refused because OLM manages its package. */
    static final String MANAGED_BY_OLM = "ManagedByOlm";
    /** The reason of an adoption refused (an upgrade under way, a bundle that differs, ...). */
    static final String ADOPTION_REFUSED = "AdoptionRefused";

    private OlmTakeover() {
    }

    /**
     * The adoption a first install of {@code packageName} in {@code namespace} is, or empty when OLM
     * does not manage the package there (or, without {@code spec.adopt}, cannot be asked).
     *
     * @param planned the bundle's plan against the cluster
     * @throws ReconcileException when OLM manages it and the spec does not adopt, or the adoption is refused
     */
    static Optional<AdoptionPlan> of(ClusterConnection connection, String namespace, String packageName,
            BundleInstallSpec spec, PlannedInstall planned, ApplySettings options) {
        Adoption adoption = new Adoption(connection);
        OlmReading reading;
        try {
            reading = await(adoption.read(namespace, packageName), "reading what OLM installed");
        } catch (ReconcileException unreadable) {
            // An account that may not read OLM's Subscriptions installs as before; one asked to adopt cannot.
            if (spec.adopt()) {
                throw unreadable;
            }
            return Optional.empty();
        }
        if (reading instanceof OlmReading.Missing) {
            return Optional.empty();
        }
        if (!spec.adopt()) {
            String by = reading instanceof OlmReading.Found found ? found.install().subscription().describe()
                    : "a Subscription";
            throw new ReconcileException(MANAGED_BY_OLM, packageName + " in namespace " + namespace + " is managed by "
                    + "OLM (" + by + "): set spec.adopt: true to take it over without a restart", false);
        }
        if (reading instanceof OlmReading.Refused refused) {
            // OLM's own state (an upgrade, a CSV not running yet) may change by itself: tried again later.
            throw new ReconcileException(ADOPTION_REFUSED, refused.refusal().message(), true);
        }
        OlmInstall olm = ((OlmReading.Found) reading).install();
        AdoptionPlan plan = await(adoption.compare(olm, planned, options), "comparing the bundle with what OLM runs");
        if (!plan.matches()) {
            throw new ReconcileException(ADOPTION_REFUSED, plan.differs().message().replace(
                    "; --force adopts it anyway, and the install applies the bundle", ""), false);
        }
        return Optional.of(plan);
    }

    /** OLM's Subscription and InstallPlans removed, once the install took the operator over. */
    static void retire(ClusterConnection connection, AdoptionPlan plan) {
        await(new Adoption(connection).retire(plan.olm()), "removing OLM's Subscription and InstallPlans");
    }
}
