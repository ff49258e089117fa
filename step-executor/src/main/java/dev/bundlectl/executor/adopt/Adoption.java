package dev.bundlectl.executor.adopt;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.cluster.kube.Preconditions;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.executor.diff.PlanDiff;
import dev.bundlectl.executor.diff.PlanDiffer;
import dev.bundlectl.executor.diff.StepDiff;
import dev.bundlectl.executor.install.LiveObjects;
import dev.bundlectl.executor.install.OwnershipPlan;
import dev.bundlectl.executor.ownership.InstallOwner;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.plan.planned.PlannedStep;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Taking over an operator that OLM v0 installed, without restarting it (docs/semantics.md §11). Its
 * three stages, around the one install ordering ({@code pipeline.InstallPipeline}), which the caller
 * runs between the second and the third:
 * <ol>
 *   <li>{@link #read}: what OLM installed for the package (the Subscription, its CSV, its
 *       InstallPlans), refused at once when OLM is upgrading it, the CSV does not run, it is another
 *       Subscription's dependency, or its Subscription configures the Deployments;</li>
 *   <li>{@link #compare}: the bundle's plan (made by the caller, as {@code install} plans it) named
 *       as OLM named its generated RBAC, the objects taken over and shared, and the diff of the
 *       plan against what runs, the CSV's spec included; the caller shows it, and stops there for a
 *       dry run or a bundle that differs;</li>
 *   <li>the install, with {@link AdoptionPlan#owners()} deciding whose OLM's objects are: it marks
 *       them, moves OLM's fields to its own field manager, and writes the install record, whose
 *       history notes the adoption;</li>
 *   <li>{@link #retire}: OLM's Subscription and InstallPlans deleted, so that OLM's catalog operator
 *       no longer acts on the package; the CSV stays, and OLM's olm-operator goes on running it.</li>
 * </ol>
 * Nothing here blocks: every answer is a future.
 */
public final class Adoption {

    private static final int ATTEMPTS = 3;
    private static final int NOT_FOUND = 404;
    private static final int CONFLICT = 409;

    private final ClusterConnection connection;
    private final KubeApi api;

    /** An adoption whose every request goes through {@code connection}. */
    public Adoption(ClusterConnection connection) {
        this.connection = Objects.requireNonNull(connection, "connection");
        this.api = connection.retryingApi();
    }

    /**
     * What OLM installed for {@code packageName} in {@code namespace}, or why there is nothing to
     * adopt (a package already bundlectl's says so), or why it cannot be adopted as it stands.
     */
    public Future<OlmReading> read(String namespace, String packageName) {
        return new OlmInstallReader(api).read(namespace, packageName).compose(reading -> {
            if (reading instanceof OlmReading.Found found) {
                return Future.succeededFuture(AdoptionChecks.refusal(found.install())
                        .<OlmReading>map(OlmReading.Refused::new).orElse(reading));
            }
            if (!(reading instanceof OlmReading.Missing missing)) {
                return Future.succeededFuture(reading);
            }
            return new InstallRecordStore(api).latestFor(namespace, packageName).map(record -> record
                    .<OlmReading>map(found -> new OlmReading.Missing(missing.why() + "; " + packageName + " is "
                            + "bundlectl's already (install record " + found.name() + ")"))
                    .orElse(reading));
        });
    }

    /**
     * The adoption of {@code olm} with {@code planned}, the bundle's plan against the cluster as
     * {@code install} makes it: its generated RBAC named as OLM named it, annotated with where it
     * is adopted from, its objects sorted into taken and shared, and compared with what runs. Nothing
     * is written: the comparison is the install's own server-side dry run, as {@code plan -o diff}
     * sends it.
     *
     * @param options how the dry run is sent (its timeout and concurrency)
     */
    public Future<AdoptionPlan> compare(OlmInstall olm, PlannedInstall planned, ApplySettings options) {
        InstallOwner owner = new InstallOwner(olm.namespace(), olm.subscription().packageName());
        return new GeneratedRbacNames(api).matched(planned, olm.csv())
                .map(renamed -> annotated(renamed, olm.subscription().describe()))
                .compose(adopting -> live(adopting).compose(live -> {
                    TakeoverScope scope = TakeoverScope.of(olm, adopting, live);
                    // Forced: what a value OLM's catalog operator holds would become, not its conflict.
                    ApplySettings dryRun = options.toBuilder().forceConflicts(true).firstInstall(true).build();
                    return new PlanDiffer(connection).diff(adopting, dryRun, owner)
                            .compose(diff -> withCsv(diff, adopting, olm))
                            .map(diff -> new AdoptionPlan(olm, adopting, diff, BundleMatch.differences(diff, scope),
                                    scope));
                }));
    }

    /**
     * Deletes OLM's Subscription of the package, then its InstallPlans, once the install has taken
     * the operator over. Nothing of OLM's acts on a deleted Subscription's CSV: the catalog
     * operator's informer for Subscriptions has no deletion handler (the syncer's only drops its
     * metrics, {@code metrics.DeleteSubsMetric}, and {@code processNextWorkItem} forgets a key no
     * longer in its cache), and the olm-operator's ({@code syncSubscriptionDeleted}) does nothing;
     * the olm-operator syncs the CSV as before. The Subscription is read again first, and deleted on
     * the version read, so that an upgrade OLM began meanwhile is not cut short; an InstallPlan that
     * another Subscription still names (made for several at once) is left to it.
     */
    public Future<Retired> retire(OlmInstall olm) {
        return retireSubscription(olm.subscription(), 1).compose(removed -> {
            List<String> gone = new ArrayList<>(removed);
            List<String> kept = new ArrayList<>();
            Future<Void> chain = Future.succeededFuture();
            for (OlmInstallPlan plan : olm.plans()) {
                List<String> others = olm.namespaceSubscriptions().stream()
                        .filter(other -> !other.name().equals(olm.subscription().name()))
                        .filter(other -> plan.madeFor(other.name()) || plan.name().equals(other.installPlan()))
                        .map(OlmSubscription::describe).toList();
                if (!others.isEmpty()) {
                    kept.add(plan.describe() + ": " + String.join(", ", others) + " refers to it");
                    continue;
                }
                chain = chain.compose(done -> api.delete(OlmApis.INSTALL_PLANS, plan.namespace(), plan.name(),
                                Preconditions.uid(plan.uid()), false)
                        .recover(error -> ApiException.isHttp(error, NOT_FOUND) ? Future.succeededFuture()
                                : Future.failedFuture(error))
                        .map(deleted -> {
                            gone.add(plan.describe());
                            return null;
                        }));
            }
            return chain.map(done -> new Retired(gone, kept));
        });
    }

    private Future<List<String>> retireSubscription(OlmSubscription read, int attempt) {
        return api.get(OlmApis.SUBSCRIPTIONS, read.namespace(), read.name()).compose(object -> {
            OlmSubscription now = OlmSubscription.of(object);
            if (!Objects.equals(now.uid(), read.uid())) {
                return Future.failedFuture(new IllegalStateException(read.describe() + " was replaced since it was "
                        + "read (another uid): it was not deleted"));
            }
            if (now.upgrading() || !Objects.equals(now.installedCsv(), read.installedCsv())) {
                return Future.failedFuture(new IllegalStateException("OLM started to change " + read.describe()
                        + " since it was read (installed " + now.installedCsv() + ", current " + now.currentCsv()
                        + "): it was not deleted; the install record stands, adopt again once OLM is done"));
            }
            return api.delete(OlmApis.SUBSCRIPTIONS, read.namespace(), read.name(),
                    new Preconditions(now.uid(), now.resourceVersion()), false).map(List.of(read.describe()));
        }, error -> ApiException.isHttp(error, NOT_FOUND) ? Future.succeededFuture(List.<String>of())
                : Future.failedFuture(error))
                .recover(error -> ApiException.isHttp(error, CONFLICT) && attempt < ATTEMPTS
                        // OLM's catalog operator writes the Subscription's status now and then: read it again.
                        ? retireSubscription(read, attempt + 1) : Future.failedFuture(error));
    }

    /** The objects of the steps the install sends, by step index, as they are now; those that cannot be read left out. */
    private Future<Map<Integer, ObjectNode>> live(PlannedInstall planned) {
        Map<Integer, Future<ObjectNode>> reads = new LinkedHashMap<>();
        for (int index = 0; index < planned.steps().size(); index++) {
            PlannedStep step = planned.steps().get(index);
            if (OwnershipPlan.sends(step.step())) {
                reads.put(index, LiveObjects.get(connection.discovery(), api, step.step().resource())
                        .otherwise(unreadable -> null));
            }
        }
        return Future.all(new ArrayList<>(reads.values())).map(done -> {
            Map<Integer, ObjectNode> live = new LinkedHashMap<>();
            reads.forEach((index, read) -> {
                if (read.result() != null) {
                    live.put(index, read.result());
                }
            });
            return live;
        });
    }

    /** {@code diff} with the CSV's step compared as {@link CsvComparison} compares it. */
    private Future<PlanDiff> withCsv(PlanDiff diff, PlannedInstall planned, OlmInstall olm) {
        for (int index = 0; index < planned.steps().size(); index++) {
            PlannedStep step = planned.steps().get(index);
            if (step.step().resource().groupKind().isCsv()) {
                int at = index;
                return new CsvComparison(api).compare(step.step().resource(), step.object(), olm.csv(),
                        olm.csvObject()).map(csv -> {
                            List<StepDiff> steps = new ArrayList<>(diff.steps());
                            steps.set(at, csv);
                            return new PlanDiff(steps);
                        });
            }
        }
        return Future.succeededFuture(diff);
    }

    private static PlannedInstall annotated(PlannedInstall planned, String adoptedFrom) {
        InstallPlan plan = planned.plan();
        Map<String, String> annotations = new LinkedHashMap<>(plan.metadata().annotations());
        annotations.put(PlanAnnotations.ADOPTED_FROM, adoptedFrom);
        return planned.withPlan(new InstallPlan(plan.apiVersion(), plan.kind(), new InstallPlan.Metadata(
                plan.metadata().name(), plan.metadata().namespace(), annotations), plan.spec(), plan.status()));
    }
}
