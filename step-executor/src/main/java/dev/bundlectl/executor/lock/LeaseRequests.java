package dev.bundlectl.executor.lock;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.cluster.kube.Preconditions;
import dev.bundlectl.cluster.retry.RetryObserver;
import io.vertx.core.Context;
import io.vertx.core.Future;
import java.net.HttpURLConnection;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The requests of one lock's Lease, each retried under the lock's retry policy on the lock's
 * context. A write is made only on the {@code resourceVersion} its writer last saw (or as a
 * create, which fails when the Lease exists), so that the API server, not the client, decides
 * who wrote first.
 *
 * <p>A conflict is read for what it is: the Lease is fetched, and when it holds the very write
 * that was sent (its answer lost, the retry refused) the write counts as done. Any other failure,
 * a 403 among them, fails the future with the {@link ApiException} as it came, so that the caller
 * can say which permission is missing.
 */
final class LeaseRequests {

    private final KubeApi api;
    private final Context context;
    private final LockTarget target;
    private final LockSettings settings;

    LeaseRequests(KubeApi api, Context context, LockTarget target, LockSettings settings) {
        this.api = api;
        this.context = context;
        this.target = target;
        this.settings = settings;
    }

    /** The lock's state now; {@code remaining} bounds the retries (null: the policy's own budget). */
    Future<LockState> state(Supplier<Duration> remaining) {
        return fetch(remaining).map(lease -> LeaseStates.read(target, lease, settings.clock().instant(),
                settings.leaseDuration()));
    }

    /**
     * POSTs {@code lease}; refused when the Lease exists already (409). A 404 here means the
     * namespace is missing, and fails the future.
     */
    Future<WriteOutcome> create(ObjectNode lease, Supplier<Duration> remaining) {
        return settled(lease, retried(() -> api.create(LeaseBodies.LEASES, target.namespace(), lease, false), remaining),
                false, remaining);
    }

    /**
     * PUTs {@code lease} on the {@code resourceVersion} it carries; refused when the Lease moved on
     * (409) or went (404).
     */
    Future<WriteOutcome> update(ObjectNode lease, Supplier<Duration> remaining) {
        return settled(lease, retried(() -> api.update(LeaseBodies.LEASES, target.namespace(), lease, false), remaining),
                true, remaining);
    }

    /**
     * DELETEs the Lease only while it is still at {@code resourceVersion}: true once it is gone
     * (a retry that finds it gone counts), false when someone wrote it since, and it stays.
     */
    Future<Boolean> delete(String resourceVersion, Supplier<Duration> remaining) {
        Preconditions onlyThisVersion = new Preconditions(null, resourceVersion);
        return retried(() -> api.delete(LeaseBodies.LEASES, target.namespace(), target.leaseName(), onlyThisVersion,
                false), remaining)
                .map(true)
                .recover(error -> {
                    if (ApiException.isHttp(error, HttpURLConnection.HTTP_NOT_FOUND)) {
                        return Future.succeededFuture(true);
                    }
                    if (ApiException.isHttp(error, HttpURLConnection.HTTP_CONFLICT)) {
                        return Future.succeededFuture(false);
                    }
                    return Future.failedFuture(error);
                });
    }

    private Future<WriteOutcome> settled(ObjectNode sent, Future<ObjectNode> writing, boolean goneIsConflict,
            Supplier<Duration> remaining) {
        return writing.<WriteOutcome>map(stored -> new WriteOutcome.Written(LeaseBodies.resourceVersion(stored)))
                .recover(error -> {
                    boolean conflict = ApiException.isHttp(error, HttpURLConnection.HTTP_CONFLICT)
                            || goneIsConflict && ApiException.isHttp(error, HttpURLConnection.HTTP_NOT_FOUND);
                    if (!conflict) {
                        return Future.failedFuture(error);
                    }
                    return fetch(remaining).map(found -> found.isPresent() && LeaseBodies.sameWrite(sent, found.get())
                            ? new WriteOutcome.Written(LeaseBodies.resourceVersion(found.get()))
                            : new WriteOutcome.Refused(LeaseStates.read(target, found, settings.clock().instant(),
                                    settings.leaseDuration())));
                });
    }

    private Future<Optional<ObjectNode>> fetch(Supplier<Duration> remaining) {
        return retried(() -> api.get(LeaseBodies.LEASES, target.namespace(), target.leaseName()), remaining)
                .map(Optional::of)
                .recover(error -> ApiException.isHttp(error, HttpURLConnection.HTTP_NOT_FOUND)
                        ? Future.succeededFuture(Optional.empty()) : Future.failedFuture(error));
    }

    private <T> Future<T> retried(Supplier<Future<T>> request, Supplier<Duration> remaining) {
        return remaining == null ? settings.retries().call(context, request)
                : settings.retries().call(context, request, remaining, RetryObserver.NONE);
    }
}
