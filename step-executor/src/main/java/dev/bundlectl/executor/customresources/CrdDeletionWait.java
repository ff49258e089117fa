package dev.bundlectl.executor.customresources;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.cluster.time.Scheduler;
import dev.bundlectl.executor.records.ClientErrors;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Context;
import io.vertx.core.Future;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Waits for CRDs just deleted to be gone (docs/semantics.md §8, "Removing CRDs"). A CRD's deletion
 * only starts its end: the API server keeps it, terminating, until its finalizer has removed every
 * custom resource of its kind. An uninstall that answered before then would leave a CRD a new install
 * of the same bundle cannot create again (the server refuses a CRD that is being deleted), so it
 * answers when they are gone, as {@code kubectl delete} does by default. A CRD made again under the
 * same name (another uid) counts as gone. Nothing blocks: the reads run on {@code context}, paced by
 * the {@link Scheduler}.
 */
public final class CrdDeletionWait {

    /**
     * A CRD deleted.
     *
     * @param type the resource it was deleted through
     * @param name its name
     * @param uid the uid the deletion was sent for; null when none was
     */
    public record Deleted(ApiResource type, String name, String uid) {
        /** @throws NullPointerException if {@code type} or {@code name} is null */
        public Deleted {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(name, "name");
        }
    }

    // The finalizer of a CRD whose resources are already gone ends in well under a second; the
    // interval grows to pollCeiling so that a slow one is not asked about many times a second.
    private static final Duration FIRST_POLL = Duration.ofMillis(100);

    private final KubeApi api;
    private final Context context;
    private final Scheduler scheduler;
    private final Duration timeout;
    private final Duration pollCeiling;

    /**
     * @param api the API server, retrying transient failures
     * @param context where the reads run
     * @param scheduler the time source and timer
     * @param timeout how long the CRDs may take to go
     * @param pollCeiling the longest wait between reads
     */
    public CrdDeletionWait(KubeApi api, Context context, Scheduler scheduler, Duration timeout, Duration pollCeiling) {
        this.api = Objects.requireNonNull(api, "api");
        this.context = Objects.requireNonNull(context, "context");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.pollCeiling = Objects.requireNonNull(pollCeiling, "pollCeiling");
    }

    /**
     * Reads each of {@code deleted} until it is gone or the time is up; never fails.
     *
     * @return one line for each CRD still there when the time was up (or that could not be read),
     *     saying why; empty when all are gone
     */
    public Future<List<String>> await(List<Deleted> deleted) {
        if (deleted.isEmpty()) {
            return Future.succeededFuture(List.of());
        }
        return round(List.copyOf(deleted), scheduler.nanoTime(), FIRST_POLL);
    }

    private Future<List<String>> round(List<Deleted> waiting, long started, Duration interval) {
        return readEach(waiting, 0, new ArrayList<>()).compose(left -> {
            if (left.isEmpty()) {
                return Future.succeededFuture(List.of());
            }
            if (scheduler.nanoTime() - started >= timeout.toNanos()) {
                return Future.succeededFuture(left.stream().map(Still::line).toList());
            }
            List<Deleted> again = left.stream().map(Still::crd).toList();
            Duration next = interval.multipliedBy(2).compareTo(pollCeiling) > 0 ? pollCeiling : interval.multipliedBy(2);
            return scheduler.sleep(context, interval).compose(slept -> round(again, started, next));
        });
    }

    /** A CRD still there, and what the last read said of it. */
    private record Still(Deleted crd, String line) {
    }

    private Future<List<Still>> readEach(List<Deleted> waiting, int index, List<Still> left) {
        if (index == waiting.size()) {
            return Future.succeededFuture(left);
        }
        Deleted crd = waiting.get(index);
        return api.get(crd.type(), null, crd.name()).transform(read -> {
            if (read.succeeded()) {
                String uid = read.result().path("metadata").path("uid").asText(null);
                if (crd.uid() == null || crd.uid().equals(uid)) {
                    left.add(new Still(crd, "CustomResourceDefinition " + crd.name() + " is still being deleted after "
                            + timeout.toSeconds() + "s" + terminating(read.result())));
                }
            } else if (!ApiException.isHttp(read.cause(), 404)) {
                left.add(new Still(crd, "CustomResourceDefinition " + crd.name() + " could not be read while it was "
                        + "being deleted: " + ClientErrors.describe(read.cause())));
            }
            return readEach(waiting, index + 1, left);
        });
    }

    /** The message of the CRD's {@code Terminating} condition, which says what holds it, if any. */
    private static String terminating(JsonNode crd) {
        for (JsonNode condition : crd.path("status").path("conditions")) {
            if ("Terminating".equals(condition.path("type").asText()) && !condition.path("message").asText().isEmpty()) {
                return ": " + condition.path("message").asText();
            }
        }
        return "";
    }
}
