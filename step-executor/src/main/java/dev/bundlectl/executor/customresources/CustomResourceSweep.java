package dev.bundlectl.executor.customresources;

import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.cluster.kube.Preconditions;
import dev.bundlectl.cluster.time.Scheduler;
import dev.bundlectl.executor.records.ClientErrors;
import io.vertx.core.Context;
import io.vertx.core.Future;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Deletes every custom resource of CRDs about to be deleted, and waits for them to go, up to a
 * timeout (docs/semantics.md §8, "Removing CRDs"). It runs while the operator still runs, so that
 * the operator can process their finalizers: a resource's finalizer is its controller's promise to
 * clean up what the resource stands for (a database's volume, a certificate's secret), and the API
 * server keeps the resource until it is removed. Each deletion carries the uid listed, so that an
 * object made again under the same name is not deleted on an old reading. While it waits it lists
 * again every {@code pollInterval}, and deletes any resource made since. Nothing blocks: the
 * deletions and polls run on {@code context}, timed by the {@link Scheduler}.
 */
public final class CustomResourceSweep {

    /**
     * How long custom resources may take to go unless told otherwise: an operator's finalizer may
     * take a backup or release storage, which takes longer than a deletion's request.
     */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(5);

    private final KubeApi api;
    private final Context context;
    private final Scheduler scheduler;
    private final Duration timeout;
    private final Duration pollInterval;

    /**
     * @param api the API server, retrying transient failures
     * @param context where the deletions and polls run
     * @param scheduler the time source and timer
     * @param timeout how long the resources may take to go before they count as stuck
     * @param pollInterval how long to wait between lists
     */
    public CustomResourceSweep(KubeApi api, Context context, Scheduler scheduler, Duration timeout,
            Duration pollInterval) {
        this.api = Objects.requireNonNull(api, "api");
        this.context = Objects.requireNonNull(context, "context");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.pollInterval = Objects.requireNonNull(pollInterval, "pollInterval");
    }

    /**
     * Deletes what {@code contents} listed and waits until the CRDs hold nothing.
     *
     * @param onLine told (on a Vert.x thread) of each deletion as it is sent, one line each
     */
    public Future<SweepOutcome> sweep(List<CrdContents> contents, Consumer<String> onLine) {
        long started = scheduler.nanoTime();
        List<String> problems = new ArrayList<>();
        for (CrdContents crd : contents) {
            if (crd.unreadable() != null) {
                problems.add("the custom resources of " + crd.crdName() + " could not be listed: " + crd.unreadable());
            }
        }
        List<CrdContents> readable = contents.stream().filter(crd -> crd.type() != null && crd.unreadable() == null)
                .toList();
        return deleteFrom(readable, 0, 0, problems, onLine).compose(deleted -> problems.isEmpty()
                ? await(readable, started, deleted, onLine)
                : Future.succeededFuture(new SweepOutcome.Stuck(List.of(), problems, elapsed(started))));
    }

    /** Deletes the listed resources of each CRD from {@code index} on, one CRD after the other. */
    private Future<Integer> deleteFrom(List<CrdContents> crds, int index, int sent, List<String> problems,
            Consumer<String> onLine) {
        if (index == crds.size()) {
            return Future.succeededFuture(sent);
        }
        CrdContents crd = crds.get(index);
        return deleteEach(crd, crd.resources(), 0, 0, problems, onLine)
                .compose(count -> deleteFrom(crds, index + 1, sent + count, problems, onLine));
    }

    /** Deletes {@code resources} from {@code index} on, one after the other; answers how many were sent. */
    private Future<Integer> deleteEach(CrdContents crd, List<HeldResource> resources, int index, int sent,
            List<String> problems, Consumer<String> onLine) {
        if (index == resources.size()) {
            return Future.succeededFuture(sent);
        }
        HeldResource resource = resources.get(index);
        if (resource.deleting()) {
            return deleteEach(crd, resources, index + 1, sent, problems, onLine);
        }
        return api.delete(crd.type(), resource.namespace(), resource.name(), Preconditions.uid(resource.uid()), false)
                .transform(answer -> {
                    if (answer.succeeded()) {
                        onLine.accept("Deleted " + resource.displayName() + " (a custom resource of " + crd.crdName()
                                + (resource.finalizers().isEmpty() ? ")"
                                        : "; its finalizers " + String.join(", ", resource.finalizers())
                                                + " are its operator's to remove)"));
                        return deleteEach(crd, resources, index + 1, sent + 1, problems, onLine);
                    }
                    if (!ApiException.isHttp(answer.cause(), 404) && !ApiException.isHttp(answer.cause(), 409)) {
                        problems.add(resource.displayName() + " could not be deleted: "
                                + ClientErrors.describe(answer.cause()));
                    }
                    return deleteEach(crd, resources, index + 1, sent, problems, onLine);
                });
    }

    /** Lists the CRDs' resources until none is left or the time is up, deleting any made since. */
    private Future<SweepOutcome> await(List<CrdContents> crds, long started, int deleted, Consumer<String> onLine) {
        return listFrom(crds, 0, new ArrayList<>()).compose(lists -> {
            List<HeldResource> left = new ArrayList<>();
            List<String> problems = new ArrayList<>();
            List<CrdContents> madeSince = new ArrayList<>();
            for (int at = 0; at < crds.size(); at++) {
                CrdContents crd = crds.get(at);
                Listed list = lists.get(at);
                if (list.failure() != null) {
                    problems.add("the custom resources of " + crd.crdName() + " could not be listed: " + list.failure());
                    continue;
                }
                left.addAll(list.resources());
                List<HeldResource> made = list.resources().stream().filter(resource -> !resource.deleting()).toList();
                if (!made.isEmpty()) {
                    madeSince.add(new CrdContents(crd.crdName(), crd.type(), made, crd.storedVersions(), null));
                }
            }
            if (left.isEmpty() && problems.isEmpty()) {
                return Future.succeededFuture(new SweepOutcome.Cleared(deleted, elapsed(started)));
            }
            if (!problems.isEmpty() || scheduler.nanoTime() - started >= timeout.toNanos()) {
                return Future.succeededFuture(new SweepOutcome.Stuck(left, problems, elapsed(started)));
            }
            List<String> failed = new ArrayList<>();
            return deleteFrom(madeSince, 0, 0, failed, onLine).compose(sent -> failed.isEmpty()
                    ? scheduler.sleep(context, pollInterval).compose(slept -> await(crds, started, deleted + sent, onLine))
                    : Future.succeededFuture(new SweepOutcome.Stuck(left, failed, elapsed(started))));
        });
    }

    /** One CRD's resources as listed, or why they could not be. */
    private record Listed(List<HeldResource> resources, String failure) {
    }

    private Future<List<Listed>> listFrom(List<CrdContents> crds, int index, List<Listed> listed) {
        if (index == crds.size()) {
            return Future.succeededFuture(listed);
        }
        return new CrdContentsReader(api).resources(crds.get(index).type())
                .map(resources -> new Listed(resources, null))
                .otherwise(error -> new Listed(List.of(), ClientErrors.describe(error)))
                .compose(one -> {
                    listed.add(one);
                    return listFrom(crds, index + 1, listed);
                });
    }

    private Duration elapsed(long started) {
        return Duration.ofNanos(scheduler.nanoTime() - started);
    }
}
