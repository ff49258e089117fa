package dev.bundlectl.executor.adopt;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What OLM v0 installed for one package in one namespace, as an adoption reads it: the Subscription,
 * the CSV it installed, the InstallPlans made for it, and what else OLM manages that could share
 * objects with it (the namespace's other Subscriptions, the cluster's other CSVs and InstallPlans).
 *
 * @param subscription the package's Subscription
 * @param csv the CSV it installed ({@code status.installedCSV})
 * @param csvObject that CSV as read, for comparing it with the bundle's
 * @param plans the InstallPlans made for the Subscription (owned by it, or the one it refers to)
 * @param namespaceSubscriptions every Subscription of the namespace, this one included
 * @param otherCsvs every other CSV of the cluster, OLM's copies left out
 * @param otherPlans every other InstallPlan of the cluster
 */
public record OlmInstall(OlmSubscription subscription, OlmCsv csv, ObjectNode csvObject, List<OlmInstallPlan> plans,
        List<OlmSubscription> namespaceSubscriptions, List<OlmCsv> otherCsvs, List<OlmInstallPlan> otherPlans) {

    public OlmInstall {
        Objects.requireNonNull(subscription, "subscription");
        Objects.requireNonNull(csv, "csv");
        Objects.requireNonNull(csvObject, "csvObject");
        plans = List.copyOf(plans);
        namespaceSubscriptions = List.copyOf(namespaceSubscriptions);
        otherCsvs = List.copyOf(otherCsvs);
        otherPlans = List.copyOf(otherPlans);
    }

    /** The namespace. */
    public String namespace() {
        return subscription.namespace();
    }

    /** The bundle image OLM unpacked for the installed CSV, from its InstallPlans' {@code bundleLookups}. */
    public Optional<String> bundleImage() {
        return plans.stream().flatMap(plan -> plan.bundleImages().stream())
                .filter(image -> image.csvName().equals(csv.name()) && !image.image().isEmpty())
                .map(OlmInstallPlan.BundleImage::image).findFirst();
    }

    /** The InstallPlan that wrote the installed CSV, if any still exists. */
    public Optional<OlmInstallPlan> installingPlan() {
        return plans.stream().filter(plan -> plan.csvNames().contains(csv.name())).findFirst();
    }

    /** Another Subscription of the namespace by name. */
    public Optional<OlmSubscription> namespaceSubscription(String name) {
        return namespaceSubscriptions.stream().filter(other -> other.name().equals(name)).findFirst();
    }

    /** Another CSV of the cluster by namespace and name. */
    public Optional<OlmCsv> otherCsv(String namespace, String name) {
        return otherCsvs.stream().filter(other -> other.namespace().equals(namespace) && other.name().equals(name))
                .findFirst();
    }

    /** The one line that says what OLM installed: {@code Subscription ops/x (channel stable, ...), CSV x Succeeded}. */
    public String describe() {
        return subscription.describe() + " (" + (subscription.channel() == null ? "default channel"
                : "channel " + subscription.channel()) + ", CatalogSource " + subscription.catalogSourceNamespace()
                + "/" + subscription.catalogSource() + ") installed ClusterServiceVersion " + csv.name() + ", "
                + csv.describePhase();
    }
}
