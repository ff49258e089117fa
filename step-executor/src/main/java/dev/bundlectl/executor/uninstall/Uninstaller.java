package dev.bundlectl.executor.uninstall;

import dev.bundlectl.executor.discovery.Discovery;
import dev.bundlectl.executor.kube.KubeApi;
import dev.bundlectl.executor.records.ClientErrors;
import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.records.OlderRecords;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Deletes what one install created, in reverse step order, then deletes its record and the
 * package's older records in that namespace.
 *
 * <p>Every object listed as created in the record gets exactly one {@link DeletionResult}:
 * <ul>
 *   <li>{@code Deleted}, or {@code AlreadyGone} when it no longer exists (or its API is no longer
 *       served), which counts as deleted;</li>
 *   <li>{@code Kept} for a CRD unless {@link UninstallOptions#deleteCrds()};</li>
 *   <li>{@code Skipped} when the live object has another uid than the record says: something
 *       else replaced it, and it is not this install's to delete;</li>
 *   <li>{@code Failed} with the API's answer. The other objects are still attempted, and the
 *       records are kept so that the uninstall can be run again.</li>
 * </ul>
 * Objects the install found {@code Present} are never touched.
 *
 * <p><b>Requests and threads.</b> Every GET and DELETE goes through the {@link KubeApi} given to
 * the constructor, which should retry transient failures (see
 * {@code ClusterConnection.api(RetryPolicy)}). Nothing blocks; objects are deleted one after
 * another. The listener is called on a Vert.x thread, once per object as soon as it is done; it
 * must neither block nor throw (if it throws, the uninstall stops there and the records are kept).
 */
public final class Uninstaller {

    private final KubeApi api;
    private final Discovery discovery;
    private final InstallRecordStore store;

    /**
     * @param api the API server, retrying transient failures
     * @param discovery where kinds are looked up when a record lacks their plural (it retries itself)
     * @param store where the records are deleted from afterwards
     */
    public Uninstaller(KubeApi api, Discovery discovery, InstallRecordStore store) {
        this.api = Objects.requireNonNull(api, "api");
        this.discovery = Objects.requireNonNull(discovery, "discovery");
        this.store = Objects.requireNonNull(store, "store");
    }

    /**
     * Uninstalls what {@code record} created.
     *
     * @param record the install's record
     * @param options how to uninstall
     * @param onResult called with each object's result as soon as it is known
     * @return the report; it fails only if the listener threw
     */
    public Future<UninstallReport> uninstall(InstallRecord record, UninstallOptions options,
            Consumer<? super DeletionResult> onResult) {
        Objects.requireNonNull(record, "record");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(onResult, "onResult");
        ObjectDeleter deleter = new ObjectDeleter(api, new ResourceLocator(discovery), options);
        return new SharedOperatorGroups(store).keptBecause(record)
                .compose(shared -> deleteFrom(DeletionOrder.of(record), 0, shared.isEmpty() ? deleter::delete
                        : keepingOperatorGroups(deleter, shared), onResult, new ArrayList<>()))
                .compose(results -> disposeOf(record, results)
                        .map(disposition -> new UninstallReport(record.namespace(), record.name(), results,
                                disposition)));
    }

    /** A deleter that keeps OperatorGroups, saying why, and deletes everything else. */
    private static Deleter keepingOperatorGroups(ObjectDeleter deleter, String why) {
        return created -> SharedOperatorGroups.isOperatorGroup(created)
                ? Future.succeededFuture(new DeletionResult.Kept(created.object(), why))
                : deleter.delete(created);
    }

    /** Deletes one created object. */
    @FunctionalInterface
    private interface Deleter {
        Future<DeletionResult> delete(CreatedObject created);
    }

    private Future<List<DeletionResult>> deleteFrom(List<CreatedObject> ordered, int index, Deleter deleter,
            Consumer<? super DeletionResult> onResult, List<DeletionResult> results) {
        if (index == ordered.size()) {
            return Future.succeededFuture(results);
        }
        return deleter.delete(ordered.get(index)).compose(result -> {
            results.add(result);
            onResult.accept(result);
            return deleteFrom(ordered, index + 1, deleter, onResult, results);
        });
    }

    private Future<RecordDisposition> disposeOf(InstallRecord record, List<DeletionResult> results) {
        String where = record.namespace() + "/" + record.name();
        long failed = results.stream().filter(DeletionResult.Failed.class::isInstance).count();
        if (failed > 0) {
            return Future.succeededFuture(new RecordDisposition(RecordDisposition.Kind.KEPT,
                    "install record " + where + " and the older records of package " + record.packageName()
                            + " were kept because " + failed + " object(s) could not be deleted;"
                            + " run uninstall again to retry them"));
        }
        return store.delete(record.namespace(), record.name()).compose(existed -> store.deleteOlderRecords(record)
                .map(older -> new RecordDisposition(existed ? RecordDisposition.Kind.DELETED
                        : RecordDisposition.Kind.ALREADY_GONE,
                        "install record " + where + (existed ? " deleted" : " was already gone") + older(record, older))))
                .otherwise(error -> new RecordDisposition(RecordDisposition.Kind.DELETE_FAILED,
                        ClientErrors.describe(error)));
    }

    private static String older(InstallRecord record, OlderRecords older) {
        StringBuilder text = new StringBuilder();
        if (!older.deleted().isEmpty()) {
            text.append(", with ").append(older.deleted().size()).append(" older record(s) of package ")
                    .append(record.packageName());
        }
        if (!older.newer().isEmpty()) {
            text.append("; ").append(older.newer().size()).append(" newer record(s) of the package were kept,"
                    + " since they may name objects this uninstall did not touch: ")
                    .append(String.join(", ", older.newer()));
        }
        return text.toString();
    }
}
