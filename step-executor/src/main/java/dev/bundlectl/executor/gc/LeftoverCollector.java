package dev.bundlectl.executor.gc;

import dev.bundlectl.cluster.discovery.Discovery;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.cluster.kube.Preconditions;
import dev.bundlectl.executor.ownership.OwnerStanding;
import dev.bundlectl.executor.ownership.OwnerStandings;
import dev.bundlectl.executor.records.ClientErrors;
import dev.bundlectl.cluster.time.Scheduler;
import dev.bundlectl.executor.customresources.CrdContents;
import dev.bundlectl.executor.customresources.CrdContentsReader;
import dev.bundlectl.executor.customresources.CrdDeletionWait;
import dev.bundlectl.executor.customresources.CustomResourceSweep;
import dev.bundlectl.executor.customresources.SweepOutcome;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.net.HttpURLConnection;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Collects what bundlectl left behind (docs/semantics.md §8, "Collecting what is left"): every
 * object an install marked or labelled, cluster-scoped or outside its install's namespace, whose
 * every owner is gone (its namespace deleted, or holding no record of the package). Every kind is
 * listed once, every namespace once, and each owner namespace's records once. Nothing is deleted
 * unless asked; a CRD only when asked for CRDs too. A deletion requires the uid and resourceVersion
 * that were read, so an object an install took again in between (a namespace made again, and the
 * package installed in it) is not deleted. Nothing blocks; the answer comes on a Vert.x thread.
 */
public final class LeftoverCollector {

    /** How often the custom resources of leftover CRDs are listed while they go. */
    private static final Duration CUSTOM_RESOURCE_POLL = Duration.ofSeconds(1);

    private final KubeApi api;
    private final Discovery discovery;
    private final Vertx vertx;

    /**
     * A collector that keeps CRDs: with nothing to time a wait for their custom resources, it cannot
     * delete them in order ({@link GcOptions#deleteCrds()} is refused).
     *
     * @param api the API server, retrying transient failures
     * @param discovery what the cluster serves
     */
    public LeftoverCollector(KubeApi api, Discovery discovery) {
        this(api, discovery, null);
    }

    /**
     * @param api the API server, retrying transient failures
     * @param discovery what the cluster serves
     * @param vertx whose timers pace the wait for leftover CRDs' custom resources to go
     */
    public LeftoverCollector(KubeApi api, Discovery discovery, Vertx vertx) {
        this.api = Objects.requireNonNull(api, "api");
        this.discovery = Objects.requireNonNull(discovery, "discovery");
        this.vertx = vertx;
    }

    /** Finds the leftovers and, as {@code options} say, deletes them; fails only when the cluster's API list cannot be read. */
    public Future<GcReport> collect(GcOptions options) {
        if (options.delete() && options.deleteCrds() && vertx == null) {
            throw new IllegalStateException("deleting CRDs waits for their custom resources: give the collector a Vertx");
        }
        OwnerStandings standings = OwnerStandings.listingNamespaces(api);
        return new ClusterScan(api, discovery).scan().compose(scanned -> {
            Set<String> unreadable = new LinkedHashSet<>(scanned.unreadable());
            List<String> swept = new ArrayList<>();
            return judgeEach(scanned.found(), 0, standings, unreadable, new ArrayList<>())
                    .compose(leftovers -> sweepFirst(leftovers, options, swept)
                            .compose(stuck -> act(leftovers, 0, options, stuck, new ArrayList<>()))
                            .compose(outcomes -> awaitDeletedCrds(outcomes, options, swept).map(waited -> outcomes)))
                    .map(outcomes -> new GcReport(outcomes, List.copyOf(unreadable), options.delete(), swept));
        });
    }

    /**
     * When leftover CRDs are to be deleted, their custom resources go first (docs/semantics.md §8,
     * "Removing CRDs"), each line said into {@code lines}; answers why the CRDs must stay when some
     * did not go, else null.
     */
    private Future<String> sweepFirst(List<Leftover> leftovers, GcOptions options, List<String> lines) {
        List<CrdContents> contents = leftovers.stream().map(Leftover::contents).filter(Objects::nonNull).toList();
        if (!options.delete() || !options.deleteCrds() || contents.isEmpty()) {
            return Future.succeededFuture(null);
        }
        return new CustomResourceSweep(api, vertx.getOrCreateContext(), Scheduler.system(),
                options.customResourceTimeout(), CUSTOM_RESOURCE_POLL).sweep(contents, lines::add).map(outcome -> {
                    lines.add(outcome.line());
                    return outcome instanceof SweepOutcome.Stuck ? "kept, since " + outcome.line() : null;
                });
    }

    /**
     * Waits for the CRDs deleted to be gone, as an uninstall does (docs/semantics.md §8, "Removing
     * CRDs"), each one still there at the timeout said into {@code lines}.
     */
    private Future<Void> awaitDeletedCrds(List<GcOutcome> outcomes, GcOptions options, List<String> lines) {
        List<CrdDeletionWait.Deleted> deleted = outcomes.stream()
                .filter(outcome -> outcome instanceof GcOutcome.Deleted
                        && outcome.leftover().object().customResourceDefinition())
                .map(outcome -> outcome.leftover().object())
                .map(crd -> new CrdDeletionWait.Deleted(crd.type(), crd.name(), crd.uid())).toList();
        if (deleted.isEmpty()) {
            // Also the case of a run that deletes no CRD, which has no Vertx to wait with.
            return Future.succeededFuture();
        }
        return new CrdDeletionWait(api, vertx.getOrCreateContext(), Scheduler.system(), options.customResourceTimeout(),
                CUSTOM_RESOURCE_POLL).await(deleted).map(left -> {
                    lines.addAll(left);
                    return null;
                });
    }

    private Future<List<Leftover>> judgeEach(List<MarkedObject> found, int index, OwnerStandings standings,
            Set<String> unreadable, List<Leftover> leftovers) {
        if (index == found.size()) {
            return Future.succeededFuture(leftovers);
        }
        MarkedObject object = found.get(index);
        return judge(object, standings, unreadable).compose(leftover -> {
            if (leftover != null) {
                leftovers.add(leftover);
            }
            return judgeEach(found, index + 1, standings, unreadable, leftovers);
        });
    }

    /** The leftover {@code object} is when every owner it names is gone, else null. */
    private Future<Leftover> judge(MarkedObject object, OwnerStandings standings, Set<String> unreadable) {
        List<Future<OwnerStanding>> read = new ArrayList<>();
        for (NamedOwner owner : object.owners()) {
            read.add(owner instanceof NamedOwner.Install install ? standings.of(install.owner())
                    : standings.ofOperator(owner.namespace(), ((NamedOwner.Operator) owner).csvLabel()));
        }
        return Future.all(new ArrayList<>(read)).compose(done -> {
            List<GoneOwner> gone = new ArrayList<>();
            for (int at = 0; at < read.size(); at++) {
                OwnerStanding standing = read.get(at).result();
                if (standing instanceof OwnerStanding.Gone why) {
                    gone.add(new GoneOwner(object.owners().get(at), why.why()));
                } else if (standing instanceof OwnerStanding.Unknown unknown) {
                    unreadable.add(unknown.why());
                }
            }
            if (gone.size() < read.size()) {
                return Future.succeededFuture((Leftover) null);
            }
            return (object.customResourceDefinition() ? new CrdContentsReader(api).read(object.name())
                    : Future.<CrdContents>succeededFuture(null)).map(contents -> new Leftover(object, gone, contents));
        });
    }

    /**
     * Lists or deletes each leftover, in the order found (CRDs last).
     *
     * @param crdsStay why leftover CRDs are not deleted although asked to be (custom resources stayed), or null
     */
    private Future<List<GcOutcome>> act(List<Leftover> leftovers, int index, GcOptions options, String crdsStay,
            List<GcOutcome> outcomes) {
        if (index == leftovers.size()) {
            return Future.succeededFuture(outcomes);
        }
        Leftover leftover = leftovers.get(index);
        Future<GcOutcome> outcome;
        if (!options.delete()) {
            outcome = Future.succeededFuture(new GcOutcome.Found(leftover));
        } else if (leftover.object().customResourceDefinition() && !options.deleteCrds()) {
            outcome = Future.succeededFuture(new GcOutcome.Kept(leftover));
        } else if (leftover.object().customResourceDefinition() && crdsStay != null) {
            outcome = Future.succeededFuture(new GcOutcome.Failed(leftover, crdsStay));
        } else {
            outcome = delete(leftover);
        }
        return outcome.compose(done -> {
            outcomes.add(done);
            return act(leftovers, index + 1, options, crdsStay, outcomes);
        });
    }

    /**
     * Deletes a leftover on the uid and resourceVersion it was listed with: an object changed since
     * (an install in a namespace made again took it back) or replaced is refused with 409 and left.
     */
    private Future<GcOutcome> delete(Leftover leftover) {
        MarkedObject object = leftover.object();
        return api.delete(object.type(), object.namespace(), object.name(),
                        new Preconditions(object.uid(), object.resourceVersion()), false)
                .<GcOutcome>map(deleted -> new GcOutcome.Deleted(leftover))
                .recover(error -> Future.succeededFuture(ApiException.isHttp(error, HttpURLConnection.HTTP_NOT_FOUND)
                        ? new GcOutcome.AlreadyGone(leftover)
                        : new GcOutcome.Failed(leftover, ApiException.isHttp(error, HttpURLConnection.HTTP_CONFLICT)
                                ? "it changed since it was read, and is left for the next run to judge: "
                                        + ClientErrors.describe(error)
                                : ClientErrors.describe(error))));
    }
}
