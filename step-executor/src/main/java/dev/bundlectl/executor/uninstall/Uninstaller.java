package dev.bundlectl.executor.uninstall;

import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.InstallRecordStore;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * Deletes what one install created, in reverse step order, then deletes its record.
 *
 * <p>Every object listed as created in the record gets exactly one {@link DeletionResult}:
 * <ul>
 *   <li>{@code Deleted}, or {@code AlreadyGone} when it no longer exists (or its API is no longer
 *       served), which counts as deleted;</li>
 *   <li>{@code Kept} for a CRD unless {@link UninstallOptions#deleteCrds()};</li>
 *   <li>{@code Skipped} when the live object has another uid than the record says: something
 *       else replaced it, and it is not this install's to delete;</li>
 *   <li>{@code Failed} with the API's answer. The other objects are still attempted, and the
 *       record is kept so that the uninstall can be run again.</li>
 * </ul>
 * Objects the install found {@code Present} are never touched.
 *
 * <p><b>Threads.</b> Deletions block, so they run on the executor given to the constructor, which
 * must be a worker pool and never a Vert.x event loop. The listener is called on that thread, once
 * per object as soon as it is done; it must not throw, or the uninstall stops there and the
 * record is kept.
 */
public final class Uninstaller {

    private final KubernetesClient client;
    private final InstallRecordStore store;
    private final Executor executor;

    /**
     * @param client the cluster client
     * @param store where the record is deleted from afterwards
     * @param executor the worker pool that runs the blocking deletions
     */
    public Uninstaller(KubernetesClient client, InstallRecordStore store, Executor executor) {
        this.client = Objects.requireNonNull(client, "client");
        this.store = Objects.requireNonNull(store, "store");
        this.executor = Objects.requireNonNull(executor, "executor");
    }

    /**
     * Uninstalls what {@code record} created.
     *
     * @param record the install's record
     * @param options how to uninstall
     * @param onResult called with each object's result as soon as it is known
     * @return the report; it completes exceptionally only if the listener threw
     */
    public CompletableFuture<UninstallReport> uninstall(InstallRecord record, UninstallOptions options,
            Consumer<? super DeletionResult> onResult) {
        Objects.requireNonNull(record, "record");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(onResult, "onResult");
        return CompletableFuture.supplyAsync(() -> deleteAll(record, options, onResult), executor)
                .thenCompose(results -> disposeOf(record, results)
                        .thenApply(disposition -> new UninstallReport(record.namespace(), record.name(), results,
                                disposition)));
    }

    private List<DeletionResult> deleteAll(InstallRecord record, UninstallOptions options,
            Consumer<? super DeletionResult> onResult) {
        ObjectDeleter deleter = new ObjectDeleter(client, options);
        List<DeletionResult> results = new ArrayList<>();
        for (CreatedObject owned : DeletionOrder.of(record)) {
            DeletionResult result = deleter.delete(owned);
            results.add(result);
            onResult.accept(result);
        }
        return results;
    }

    private CompletableFuture<RecordDisposition> disposeOf(InstallRecord record, List<DeletionResult> results) {
        String where = record.namespace() + "/" + record.name();
        long failed = results.stream().filter(DeletionResult.Failed.class::isInstance).count();
        if (failed > 0) {
            return CompletableFuture.completedFuture(new RecordDisposition(RecordDisposition.Kind.KEPT,
                    "install record " + where + " was kept because " + failed + " object(s) could not be deleted;"
                            + " run uninstall again to retry them"));
        }
        return store.delete(record.namespace(), record.name()).handle((existed, error) -> {
            if (error != null) {
                Throwable cause = error instanceof CompletionException && error.getCause() != null
                        ? error.getCause() : error;
                return new RecordDisposition(RecordDisposition.Kind.DELETE_FAILED, cause.getMessage());
            }
            return existed
                    ? new RecordDisposition(RecordDisposition.Kind.DELETED, "install record " + where + " deleted")
                    : new RecordDisposition(RecordDisposition.Kind.ALREADY_GONE,
                            "install record " + where + " was already gone");
        });
    }
}
