package dev.bundlectl.executor.adopt;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.records.ClientErrors;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Reads what OLM v0 installed for a package in a namespace ({@link OlmInstall}): its Subscription
 * ({@code spec.name} is the package), the CSV the Subscription says it installed, the InstallPlans
 * made for it, and, for telling which objects OLM shares with other operators, every other
 * Subscription of the namespace and every CSV and InstallPlan of the cluster (one LIST each; OLM's
 * copies of CSVs are left out by their label). What the cluster's state makes impossible to adopt
 * at once (two Subscriptions of the package, no CSV installed yet) is answered here as a refusal.
 */
public final class OlmInstallReader {

    private static final int PAGE = 100;
    private static final int NOT_FOUND = 404;
    private static final int FORBIDDEN = 403;

    private final KubeApi api;

    /** Reads through {@code api}, which should retry transient failures. */
    public OlmInstallReader(KubeApi api) {
        this.api = Objects.requireNonNull(api, "api");
    }

    /** What OLM installed for {@code packageName} in {@code namespace}; fails only when the cluster cannot be read. */
    public Future<OlmReading> read(String namespace, String packageName) {
        return api.listAll(OlmApis.SUBSCRIPTIONS, namespace, null, PAGE)
                .map(items -> items.stream().map(OlmSubscription::of).toList())
                .compose(subscriptions -> ofPackage(namespace, packageName, subscriptions),
                        error -> ApiException.isHttp(error, NOT_FOUND)
                                ? Future.succeededFuture(new OlmReading.Missing("the cluster does not serve OLM's "
                                        + "Subscriptions (operators.coreos.com/v1alpha1): OLM installed nothing here"))
                                : Future.failedFuture(error));
    }

    private Future<OlmReading> ofPackage(String namespace, String packageName, List<OlmSubscription> subscriptions) {
        List<OlmSubscription> matching = subscriptions.stream()
                .filter(subscription -> packageName.equals(subscription.packageName())).toList();
        if (matching.isEmpty()) {
            List<String> others = subscriptions.stream()
                    .map(other -> other.name() + " (package " + other.packageName() + ")").toList();
            return Future.succeededFuture(new OlmReading.Missing("no Subscription of package " + packageName
                    + " in namespace " + namespace + (others.isEmpty() ? ""
                            : "; OLM's Subscriptions there: " + String.join(", ", others))));
        }
        if (matching.size() > 1) {
            return refused(Refusal.Reason.Ambiguous, matching.size() + " Subscriptions of package " + packageName
                    + " in namespace " + namespace + " (" + String.join(", ", matching.stream()
                            .map(OlmSubscription::name).toList()) + "); OLM itself would not resolve them");
        }
        OlmSubscription subscription = matching.get(0);
        if (subscription.installedCsv() == null) {
            return refused(Refusal.Reason.NotSucceeded, subscription.describe() + " has installed no CSV yet"
                    + (subscription.state().isEmpty() ? "" : " (state " + subscription.state() + ")")
                    + ": there is nothing running to take over");
        }
        return api.get(OlmApis.CSVS, namespace, subscription.installedCsv()).compose(
                csv -> withTheRest(subscription, subscriptions, csv),
                error -> ApiException.isHttp(error, NOT_FOUND)
                        ? refused(Refusal.Reason.NotSucceeded, subscription.describe() + " says it installed "
                                + "ClusterServiceVersion " + subscription.installedCsv() + ", which does not exist")
                        : Future.failedFuture(error));
    }

    private Future<OlmReading> withTheRest(OlmSubscription subscription, List<OlmSubscription> subscriptions,
            ObjectNode csvObject) {
        OlmCsv csv = OlmCsv.of(csvObject);
        Future<List<ObjectNode>> csvs = api.listAll(OlmApis.CSVS, null, "!" + OlmApis.COPIED_FROM, PAGE);
        Future<List<ObjectNode>> plans = api.listAll(OlmApis.INSTALL_PLANS, null, null, PAGE);
        return Future.all(csvs, plans).<OlmReading>map(both -> {
            List<OlmCsv> otherCsvs = new ArrayList<>();
            for (ObjectNode item : csvs.result()) {
                OlmCsv other = OlmCsv.of(item);
                if (!(other.namespace().equals(csv.namespace()) && other.name().equals(csv.name()))) {
                    otherCsvs.add(other);
                }
            }
            List<OlmInstallPlan> ours = new ArrayList<>();
            List<OlmInstallPlan> others = new ArrayList<>();
            for (ObjectNode item : plans.result()) {
                OlmInstallPlan plan = OlmInstallPlan.of(item);
                boolean mine = plan.namespace().equals(subscription.namespace())
                        && (plan.madeFor(subscription.name()) || plan.name().equals(subscription.installPlan()));
                (mine ? ours : others).add(plan);
            }
            return new OlmReading.Found(new OlmInstall(subscription, csv, csvObject, ours, subscriptions, otherCsvs,
                    others));
        }).recover(error -> ApiException.isHttp(error, FORBIDDEN)
                ? refused(Refusal.Reason.Unreadable, "cannot list ClusterServiceVersions and InstallPlans across the "
                        + "cluster, which tell which objects OLM shares with other operators: "
                        + ClientErrors.describe(error))
                : Future.failedFuture(error));
    }

    private static Future<OlmReading> refused(Refusal.Reason reason, String message) {
        return Future.succeededFuture(new OlmReading.Refused(new Refusal(reason, message)));
    }
}
