package dev.bundlectl.executor.uninstall;

import dev.bundlectl.executor.access.AccessRequest;
import dev.bundlectl.executor.access.AccessReview;
import dev.bundlectl.executor.access.MissingAccess;
import dev.bundlectl.executor.access.OperationAccess;
import dev.bundlectl.executor.access.RequiredAccess;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.customresources.CrdContents;
import dev.bundlectl.executor.lock.Acquisition;
import dev.bundlectl.executor.lock.HeldLock;
import dev.bundlectl.executor.lock.LockState;
import dev.bundlectl.executor.lock.LockTarget;
import dev.bundlectl.executor.lock.PackageLock;
import dev.bundlectl.executor.ownership.OwnerStandings;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.records.ObjectRef;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * One uninstall of a package, as the command line and the controller run it: with the identity's
 * rights asked about before anything is removed (docs/semantics.md §7), and under the package's
 * lock (§3, "One operation at a time"), which it deletes when it is done and nothing of the package
 * is left. The identity's own requests (its lock, the records) are asked about first; the lock is
 * taken; every object is read and its removal decided; what those removals take is asked about;
 * then they are carried out.
 *
 * <p>An uninstall from a namespace that is being deleted (or is gone) takes no lock and reads what
 * it can (docs/semantics.md §8, "When the namespace goes"): the namespace's deletion takes what is
 * in it, the install records and the installer's own rights there included, and refuses the
 * creation of the Lease to everyone, so no other operation can start there either. It removes what
 * the install owns outside the namespace, known from the records while they last and from what the
 * caller knows it applied.
 */
public final class PackageUninstall {

    private final ClusterConnection connection;

    /** An uninstall through {@code connection}, acting as its identity. */
    public PackageUninstall(ClusterConnection connection) {
        this.connection = connection;
    }

    /**
     * Uninstalls {@code packageName} from {@code namespace}.
     *
     * @param holder who holds the lock meanwhile, as its Lease names it
     * @param onResult told of each object's result as soon as it is known (on a Vert.x thread)
     * @return the report; stopped before anything was removed when the identity lacks a right or
     *     another operation holds the lock
     */
    public Future<UninstallReport> run(String namespace, String packageName, UninstallOptions options, String holder,
            Consumer<? super DeletionResult> onResult) {
        return run(namespace, packageName, options, holder, List.of(), onResult);
    }

    /**
     * Uninstalls {@code packageName} from {@code namespace}, as {@link #run(String, String,
     * UninstallOptions, String, Consumer)}; {@code applied} names objects the caller knows the
     * install applied, which count when the namespace is being deleted and its records are gone.
     */
    public Future<UninstallReport> run(String namespace, String packageName, UninstallOptions options, String holder,
            List<ObjectRef> applied, Consumer<? super DeletionResult> onResult) {
        return run(namespace, packageName, options, holder, applied, onResult, line -> { });
    }

    /**
     * Uninstalls {@code packageName} from {@code namespace}, as {@link #run(String, String,
     * UninstallOptions, String, List, Consumer)}.
     *
     * @param onLine told (on a Vert.x thread), before anything else is removed, what each CRD the
     *     uninstall deletes holds, each of its custom resources as it is deleted, and how that ended
     */
    public Future<UninstallReport> run(String namespace, String packageName, UninstallOptions options, String holder,
            List<ObjectRef> applied, Consumer<? super DeletionResult> onResult, Consumer<String> onLine) {
        return new OwnerStandings(connection.retryingApi()).departure(namespace).compose(departed -> departed.isPresent()
                ? departing(namespace, packageName, options, applied, departed.get(), onResult, onLine)
                : living(namespace, packageName, options, holder, onResult, onLine));
    }

    /**
     * What uninstalling {@code packageName} from {@code namespace} would do, decided as the uninstall
     * decides it, with nothing written, no lock taken and no right asked about ({@code uninstall
     * --dry-run}).
     */
    public Future<UninstallPreview> preview(String namespace, String packageName, UninstallOptions options) {
        return uninstaller().plan(namespace, packageName, options, List.of()).map(UninstallPreview::of);
    }

    private Future<UninstallReport> departing(String namespace, String packageName, UninstallOptions options,
            List<ObjectRef> applied, String departed, Consumer<? super DeletionResult> onResult,
            Consumer<String> onLine) {
        Uninstaller uninstaller = uninstaller();
        return uninstaller.planDeparting(namespace, packageName, options, applied, departed)
                .compose(planned -> reviewThenCarryOut(planned, uninstaller, new AccessReview(connection.retryingApi()),
                        "uninstall " + packageName + " from namespace " + namespace, onResult, onLine));
    }

    private Future<UninstallReport> living(String namespace, String packageName, UninstallOptions options,
            String holder, Consumer<? super DeletionResult> onResult, Consumer<String> onLine) {
        AccessReview review = new AccessReview(connection.retryingApi());
        String operation = "uninstall " + packageName + " from namespace " + namespace;
        List<RequiredAccess> own = new ArrayList<>(OperationAccess.lock(namespace, packageName, true));
        own.add(records(namespace, "list"));
        own.add(records(namespace, "delete"));
        PackageLock lock = new PackageLock(connection.api(), connection.vertx(), new LockTarget(namespace, packageName));
        return review.review(own).compose(answers -> {
            if (!answers.denied().isEmpty()) {
                return Future.succeededFuture(UninstallReport.stopped(namespace, packageName, missing(operation,
                        answers.denied()), null));
            }
            return lock.read().compose(state -> {
                if (state instanceof LockState.Held held) {
                    return Future.succeededFuture(UninstallReport.stopped(namespace, packageName, null, held));
                }
                return lock.acquire((LockState.Free) state, holder, operation).compose(acquisition -> {
                    if (acquisition instanceof Acquisition.Changed changed) {
                        return Future.succeededFuture(UninstallReport.stopped(namespace, packageName, null,
                                changed.now()));
                    }
                    HeldLock held = ((Acquisition.Acquired) acquisition).lock();
                    // Released whatever the end; deleted when nothing of the package is left to guard.
                    return underLock(namespace, packageName, options, operation, review, onResult, onLine)
                            .transform(done -> (done.succeeded() && done.result().succeeded() ? held.releaseByDeleting()
                                    : held.release()).otherwise(false)
                                    .transform(released -> done.succeeded() ? Future.succeededFuture(done.result())
                                            : Future.<UninstallReport>failedFuture(done.cause())));
                });
            });
        });
    }

    private Future<UninstallReport> underLock(String namespace, String packageName, UninstallOptions options,
            String operation, AccessReview review, Consumer<? super DeletionResult> onResult, Consumer<String> onLine) {
        Uninstaller uninstaller = uninstaller();
        return uninstaller.plan(namespace, packageName, options, List.of())
                .compose(planned -> reviewThenCarryOut(planned, uninstaller, review, operation, onResult, onLine));
    }

    private Uninstaller uninstaller() {
        return new Uninstaller(connection.retryingApi(), connection.vertx(), connection.discovery(),
                new InstallRecordStore(connection.retryingApi()));
    }

    /** Asks about what {@code planned}'s removals take; carries them out only when nothing is missing. */
    private Future<UninstallReport> reviewThenCarryOut(PlannedRemovals planned, Uninstaller uninstaller,
            AccessReview review, String operation, Consumer<? super DeletionResult> onResult, Consumer<String> onLine) {
        String namespace = planned.namespace();
        String packageName = planned.packageName();
        List<RequiredAccess> needed = new ArrayList<>();
        // A read the server refused is a missing right already: no review needs to say so.
        List<RequiredAccess> unreadable = new ArrayList<>();
        for (CrdContents contents : planned.crdContents()) {
            needed.addAll(requests(contents));
        }
        for (Removal removal : planned.removals()) {
            needed.addAll(requests(removal));
            if (removal instanceof Removal.Unreadable refused && refused.forbidden()) {
                unreadable.add(new RequiredAccess(new AccessRequest("get", refused.type().group(),
                        refused.type().plural(), refused.type().namespaced() ? removal.object().namespace() : null,
                        removal.object().name()), removal.object().displayName()));
            }
        }
        return review.review(needed).compose(answers -> {
            if (!answers.denied().isEmpty() || !unreadable.isEmpty()) {
                List<RequiredAccess> denied = new ArrayList<>(unreadable);
                denied.addAll(answers.denied());
                return Future.succeededFuture(UninstallReport.stopped(namespace, packageName,
                        new MissingAccess(connection.identity().describe(), operation, denied, List.of(),
                                List.of()), null));
            }
            return uninstaller.carryOut(planned, onResult, onLine);
        });
    }

    /** What carrying out {@code removal} asks of the server. */
    private static List<RequiredAccess> requests(Removal removal) {
        String purpose = removal.object().displayName();
        if (removal instanceof Removal.Delete delete) {
            return List.of(new RequiredAccess(new AccessRequest("delete", delete.type().group(), delete.type().plural(),
                    delete.namespace(), removal.object().name()), purpose));
        }
        if (removal instanceof Removal.Release release) {
            return List.of(new RequiredAccess(new AccessRequest("patch", release.type().group(), release.type().plural(),
                    release.namespace(), removal.object().name()), purpose + " (its ownership released)"));
        }
        return List.of();
    }

    /** Listing and deleting a CRD's custom resources, in every namespace, before it goes. */
    private static List<RequiredAccess> requests(CrdContents contents) {
        if (contents.type() == null) {
            return List.of();
        }
        String purpose = "the custom resources of " + contents.crdName() + ", deleted before it";
        List<RequiredAccess> requests = new ArrayList<>();
        for (String verb : List.of("list", "delete")) {
            requests.add(new RequiredAccess(new AccessRequest(verb, contents.type().group(), contents.type().plural(),
                    null, null), purpose));
        }
        return requests;
    }

    private static RequiredAccess records(String namespace, String verb) {
        return new RequiredAccess(new AccessRequest(verb, "", "secrets", namespace, null), OperationAccess.RECORDS);
    }

    private MissingAccess missing(String operation, List<RequiredAccess> denied) {
        return new MissingAccess(connection.identity().describe(), operation, denied, List.of(), List.of());
    }
}
