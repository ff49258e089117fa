package dev.bundlectl.executor.adopt;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What makes OLM's install of a package impossible to take over without a restart or a fight with
 * OLM, judged from what OLM installed alone, before any bundle is read (docs/semantics.md §11). Each
 * refusal names what stands in the way; the first found is the answer.
 */
public final class AdoptionChecks {

    private static final String REPLACING = "Replacing";
    private static final String COMPLETE = "Complete";
    private static final String FAILED = "Failed";

    private AdoptionChecks() {
    }

    /** Why {@code olm} cannot be adopted, or empty when it can (as far as OLM's objects tell). */
    public static Optional<Refusal> refusal(OlmInstall olm) {
        return upgrading(olm).or(() -> notRunning(olm)).or(() -> dependency(olm)).or(() -> configured(olm));
    }

    /**
     * An upgrade under way: the Subscription moves to another CSV than the installed one, OLM keeps
     * the installed CSV {@code Replacing}, another CSV of the namespace names it in
     * {@code spec.replaces}, or an InstallPlan of the Subscription is not finished. OLM's resolver
     * is in the middle of a change an adoption would cut short.
     */
    private static Optional<Refusal> upgrading(OlmInstall olm) {
        OlmSubscription subscription = olm.subscription();
        String csv = olm.csv().name();
        List<String> why = new ArrayList<>();
        if (subscription.upgrading()) {
            why.add(subscription.describe() + " moves from " + csv + " to "
                    + (subscription.currentCsv() == null ? "another CSV" : subscription.currentCsv())
                    + (subscription.state().isEmpty() ? "" : " (state " + subscription.state() + ")"));
        }
        if (REPLACING.equals(olm.csv().phase())) {
            why.add("OLM reports " + csv + " " + olm.csv().describePhase());
        }
        olm.otherCsvs().stream()
                .filter(other -> other.namespace().equals(olm.namespace()) && csv.equals(other.replaces()))
                .forEach(other -> why.add("ClusterServiceVersion " + other.name() + " replaces it ("
                        + other.describePhase() + ")"));
        olm.plans().stream()
                .filter(plan -> !COMPLETE.equals(plan.phase()) && !FAILED.equals(plan.phase()))
                .filter(plan -> plan.csvNames().stream().anyMatch(name -> !name.equals(csv)))
                .forEach(plan -> why.add(plan.describe() + " for " + String.join(", ", plan.csvNames()) + " is "
                        + (plan.phase().isEmpty() ? "not started" : plan.phase())));
        if (why.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Refusal(Refusal.Reason.Upgrading, "OLM is upgrading " + olm.subscription().packageName()
                + " in namespace " + olm.namespace() + ": " + String.join("; ", why)
                + "; adopt it once the upgrade is done (the new CSV Succeeded, the old one gone)"));
    }

    private static Optional<Refusal> notRunning(OlmInstall olm) {
        if (OlmCsv.SUCCEEDED.equals(olm.csv().phase())) {
            return Optional.empty();
        }
        return Optional.of(new Refusal(Refusal.Reason.NotSucceeded, "ClusterServiceVersion " + olm.namespace() + "/"
                + olm.csv().name() + " is not running: OLM reports " + olm.csv().describePhase()
                + "; only an operator OLM reports Succeeded is adopted"));
    }

    /**
     * A dependency: OLM's resolver made this Subscription for another one that needs the package
     * ({@code NewSubscriptionStepResource} names it {@code <package>-<channel>-<catalog>-<catalog
     * namespace>}, and the catalog operator stamps the InstallPlan that created it in its
     * {@code olm.generated-by} annotation; that plan lists every CSV it installed and is owned by
     * the Subscriptions it was made for), and one of those is still there. OLM would resolve that
     * Subscription's dependencies again and reinstall what an adoption took away from it.
     */
    private static Optional<Refusal> dependency(OlmInstall olm) {
        OlmSubscription subscription = olm.subscription();
        String generatedName = String.join("-", Objects.toString(subscription.packageName(), ""),
                Objects.toString(subscription.channel(), ""), Objects.toString(subscription.catalogSource(), ""),
                Objects.toString(subscription.catalogSourceNamespace(), ""));
        if (subscription.generatedBy() == null && !subscription.name().equals(generatedName)) {
            return Optional.empty();
        }
        List<String> dependents = new ArrayList<>();
        Optional<OlmInstallPlan> generating = subscription.generatedBy() == null
                ? olm.installingPlan().filter(plan -> plan.csvNames().size() > 1)
                : olm.plans().stream().filter(plan -> plan.name().equals(subscription.generatedBy())).findFirst()
                        .or(() -> olm.otherPlans().stream().filter(plan -> plan.namespace().equals(olm.namespace())
                                && plan.name().equals(subscription.generatedBy())).findFirst());
        if (generating.isPresent()) {
            for (String owner : generating.get().ownerSubscriptions()) {
                if (!owner.equals(subscription.name()) && olm.namespaceSubscription(owner).isPresent()) {
                    dependents.add(owner);
                }
            }
        } else {
            // The InstallPlan is gone: the Subscriptions whose operators need a CRD this one owns still say so.
            for (OlmSubscription other : olm.namespaceSubscriptions()) {
                if (other.installedCsv() == null || other.name().equals(subscription.name())) {
                    continue;
                }
                olm.otherCsv(olm.namespace(), other.installedCsv()).filter(csv -> csv.requiredCrds().stream()
                        .anyMatch(olm.csv().ownedCrds()::contains)).ifPresent(csv -> dependents.add(other.name()));
            }
        }
        if (dependents.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Refusal(Refusal.Reason.Dependency, olm.subscription().packageName() + " in namespace "
                + olm.namespace() + " was installed as a dependency of Subscription " + String.join(", ", dependents)
                + " (" + subscription.describe() + " was created by InstallPlan "
                + generating.map(OlmInstallPlan::name).orElse(subscription.generatedBy())
                + "); OLM resolves that Subscription's dependencies again and would reinstall it: adopt "
                + String.join(", ", dependents) + " first, or delete it"));
    }

    /**
     * A Subscription whose {@code spec.config} sets environment, resources, volumes, tolerations,
     * node selector, affinity or annotations: OLM's olm-operator writes them into the operator's
     * Deployments while the Subscription that installed the CSV exists
     * ({@code overrides.operatorConfig.GetConfigOverrides}, through the install strategy's
     * Deployment initializer), and compares the Deployments' spec hash with the result on every
     * sync ({@code StrategyDeploymentInstaller.checkForDeployments}). Without the Subscription it
     * would write them out again: a rollout, the restart an adoption must not cause.
     */
    private static Optional<Refusal> configured(OlmInstall olm) {
        if (!olm.subscription().configured()) {
            return Optional.empty();
        }
        return Optional.of(new Refusal(Refusal.Reason.SubscriptionConfig, olm.subscription().describe()
                + " sets spec.config, which OLM's olm-operator writes into the operator's Deployments only while "
                + "the Subscription exists; without it OLM would roll them out again (a restart): remove "
                + "spec.config from the Subscription first (that rollout is then OLM's), or leave it to OLM"));
    }
}
