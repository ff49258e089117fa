package dev.bundlectl.executor.uninstall;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.discovery.Discovery;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.ApplyResult;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.cluster.kube.Preconditions;
import dev.bundlectl.executor.ownership.InstallOwner;
import dev.bundlectl.executor.ownership.ObjectOwners;
import dev.bundlectl.executor.ownership.OwnerMarks;
import dev.bundlectl.executor.ownership.OwnerStandings;
import dev.bundlectl.executor.ownership.OwnershipDecision;
import dev.bundlectl.executor.records.ClientErrors;
import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.ObjectRef;
import io.vertx.core.Future;
import java.net.HttpURLConnection;
import java.util.List;
import java.util.Set;

/**
 * Removes one object an install owned, if it is still the install's to remove
 * (docs/semantics.md §8): it is read, the removal decided from its owners ({@link Removals}), and
 * then deleted, or released when another install owns it too, each on the {@code resourceVersion}
 * read, so that an object changed or replaced since is decided again. Uninstall plans every removal
 * first, to ask for the rights they take, then carries them out; an upgrade's deletion does both
 * at once.
 *
 * <p>A DELETE whose answer was lost is retried; if the first one landed, the retry finds the
 * object gone (404) and the result is {@code AlreadyGone}, which counts as deleted.
 */
public final class ObjectDeleter {

    // A 409 on the delete or the release (a 422 on a list's patch) means the object changed after it
    // was read: read it again and decide again. Each such change is another writer's success (other
    // installs of the package leaving one shared list at once), so the attempts are many.
    private static final int ATTEMPTS = 32;

    private final KubeApi api;
    private final ResourceLocator locator;
    private final InstallOwner owner;
    private final boolean deleteCrds;
    private final boolean dryRun;
    private final String creator;
    private final String operatorGroupsKeptBecause;
    private final OwnerStandings standings;

    /**
     * An uninstall's deleter; {@code standings} is the operation's, so that each owner namespace the
     * objects' marks name is read once however many objects name it.
     */
    ObjectDeleter(KubeApi api, ResourceLocator locator, InstallOwner owner, UninstallOptions options,
            OwnerStandings standings) {
        this(api, locator, owner, options.deleteCrds(), false, "this install", "", standings);
    }

    private ObjectDeleter(KubeApi api, ResourceLocator locator, InstallOwner owner, boolean deleteCrds, boolean dryRun,
            String creator, String operatorGroupsKeptBecause, OwnerStandings standings) {
        this.api = api;
        this.locator = locator;
        this.owner = owner;
        this.deleteCrds = deleteCrds;
        this.dryRun = dryRun;
        this.creator = creator;
        this.operatorGroupsKeptBecause = operatorGroupsKeptBecause;
        this.standings = standings;
    }

    /**
     * This deleter, keeping the namespace's OperatorGroup for {@code why} (other packages' installs
     * use it; empty: none does): the install leaves its package's owner list and the object.
     */
    ObjectDeleter keepingOperatorGroups(String why) {
        return new ObjectDeleter(api, locator, owner, deleteCrds, dryRun, creator, why, standings);
    }

    /**
     * The deleter an upgrade uses for what the previous install created and the new bundle lacks:
     * CRDs are kept, and messages name the previous install as the creator.
     *
     * @param api the API server
     * @param discovery finds the resource of an object whose record names none
     * @param owner the install upgraded; null for a run no install owns
     * @param dryRun whether the DELETE (or the release) is sent with {@code dryRun=All}
     */
    public static ObjectDeleter forUpgrade(KubeApi api, Discovery discovery, InstallOwner owner, boolean dryRun) {
        return new ObjectDeleter(api, new ResourceLocator(discovery), owner, false, dryRun, "the previous install", "",
                new OwnerStandings(api));
    }

    /** Removes the object if it is still the install's to remove; never fails. */
    public Future<DeletionResult> delete(CreatedObject owned) {
        return attempt(owned, 1);
    }

    /**
     * Carries out {@code removal}, decided earlier from {@code owned}; when the object changed since
     * it was read (OLM updates an OperatorGroup while the CSVs it serves go), decides again from the
     * object as it is now, a few times. Never fails.
     */
    Future<DeletionResult> carryOut(CreatedObject owned, Removal removal) {
        return carryOut(removal).compose(result -> changed(result) ? attempt(owned, 2) : Future.succeededFuture(result));
    }

    private Future<DeletionResult> attempt(CreatedObject owned, int attempt) {
        return plan(owned).compose(removal -> carryOut(removal).compose(result ->
                changed(result) && attempt < ATTEMPTS ? attempt(owned, attempt + 1) : Future.succeededFuture(result)));
    }

    private static boolean changed(DeletionResult result) {
        return result instanceof DeletionResult.Failed failed && failed.detail().startsWith(CHANGED);
    }

    /**
     * Why {@code owned} stays though the install goes: the namespace's OperatorGroup while other
     * packages' installs use it, an object an adoption shares with operators OLM manages
     * (docs/semantics.md §11); null when nothing keeps it.
     */
    private String keptBecause(CreatedObject owned) {
        if (OwnershipDecision.SHARED_WITH_OLM_RECORDED.equals(owned.ownership())) {
            return "shared with operators OLM installed, which may still use it";
        }
        return !operatorGroupsKeptBecause.isEmpty() && SharedOperatorGroups.isOperatorGroup(owned)
                ? operatorGroupsKeptBecause : null;
    }

    /** The removal {@code owned} comes to, from the object as it is now; never fails. */
    Future<Removal> plan(CreatedObject owned) {
        ObjectRef ref = owned.object();
        return locator.locate(owned).compose(type -> {
            if (type.isEmpty()) {
                return Future.succeededFuture((Removal) new Removal.Gone(ref,
                        "the cluster no longer serves " + ref.kind() + " in " + ref.apiVersion()));
            }
            if (type.get().namespaced() && ref.namespace() == null) {
                return Future.succeededFuture((Removal) new Removal.Unreadable(ref,
                        ref.kind() + " is namespaced, but the record gives no namespace", false, null));
            }
            String namespace = type.get().namespaced() ? ref.namespace() : null;
            return api.get(type.get(), namespace, ref.name())
                    .compose(live -> goneOwners(live).map(gone -> Removals.decide(owner, owned, type.get(), live,
                            deleteCrds, creator, keptBecause(owned), gone)))
                    .recover(error -> Future.succeededFuture(ApiException.isHttp(error, HttpURLConnection.HTTP_NOT_FOUND)
                            ? new Removal.Gone(ref, null)
                            : new Removal.Unreadable(ref, ClientErrors.describe(error), ApiException.isHttp(error, 403),
                                    type.get())));
        }, error -> Future.succeededFuture(new Removal.Unreadable(ref, "cannot discover API " + ref.apiVersion() + ": "
                + ClientErrors.describe(error), false, null)));
    }

    /**
     * Which installs besides this one, of those whose marks {@code live} carries, are gone
     * (docs/semantics.md §8, "A stale owner is no owner"); nothing is read for an object no other
     * install owns.
     */
    private Future<Set<InstallOwner>> goneOwners(JsonNode live) {
        List<InstallOwner> others = ObjectOwners.of(live).owners().stream().filter(other -> !other.equals(owner))
                .toList();
        return standings.gone(others);
    }

    /** Carries {@code removal} out; never fails. */
    Future<DeletionResult> carryOut(Removal removal) {
        ObjectRef ref = removal.object();
        if (removal instanceof Removal.Gone gone) {
            return Future.succeededFuture(new DeletionResult.AlreadyGone(ref, gone.detail()));
        }
        if (removal instanceof Removal.Skip skip) {
            return Future.succeededFuture(new DeletionResult.Skipped(ref, skip.detail()));
        }
        if (removal instanceof Removal.Keep keep) {
            return Future.succeededFuture(new DeletionResult.Kept(ref, keep.detail()));
        }
        if (removal instanceof Removal.Unreadable unreadable) {
            return Future.succeededFuture(new DeletionResult.Failed(ref, unreadable.detail()));
        }
        if (removal instanceof Removal.Release release) {
            return released(release)
                    .<DeletionResult>map(done -> release.kept() ? new DeletionResult.Kept(ref, release.detail()
                            + "; this install's ownership was released") : new DeletionResult.Released(ref, release.detail()))
                    // Each write is made on the version read or just written: a failed test of a list's
                    // JSON patch (422) or a refused apply (409) is a change since.
                    .recover(error -> Future.succeededFuture(ApiException.isHttp(error, UNPROCESSABLE)
                            ? new DeletionResult.Failed(ref, CHANGED + ClientErrors.describe(error))
                            : failed(ref, error)));
        }
        Removal.Delete delete = (Removal.Delete) removal;
        // The uid and resourceVersion just read make the API server refuse (409) if the object
        // changed, or was replaced, between the read and the delete.
        return api.delete(delete.type(), delete.namespace(), ref.name(),
                        new Preconditions(delete.uid(), delete.resourceVersion()), dryRun)
                .<DeletionResult>map(deleted -> new DeletionResult.Deleted(ref))
                .recover(error -> Future.succeededFuture(ApiException.isHttp(error, HttpURLConnection.HTTP_NOT_FOUND)
                        ? new DeletionResult.AlreadyGone(ref, null) : failed(ref, error)));
    }

    private static final String CHANGED = "the object changed while it was being removed: ";
    private static final int UNPROCESSABLE = 422;

    private static DeletionResult failed(ObjectRef ref, Throwable error) {
        return new DeletionResult.Failed(ref, ApiException.isHttp(error, HttpURLConnection.HTTP_CONFLICT)
                ? CHANGED + ClientErrors.describe(error) : ClientErrors.describe(error));
    }

    /**
     * Carries out a release: each manager of {@link Removal.Release#emptied} applies an empty object
     * on the version read, or the one the last apply left; then the install leaves its package's
     * owner list (a JSON patch that tests the version the applies left).
     */
    private Future<JsonNode> released(Removal.Release release) {
        Future<JsonNode> current = Future.succeededFuture(release.live());
        for (String manager : release.emptied()) {
            current = current.compose(object -> api.apply(release.type(), release.namespace(),
                    emptied(release, object.path("metadata").path("resourceVersion").asText(null)), manager, false,
                    dryRun).map(ApplyResult::object));
        }
        if (release.leaving() == null) {
            return current;
        }
        return current.compose(object -> OwnerMarks.change(object, release.leaving())
                instanceof OwnerMarks.ListChange.Patch patch
                        ? api.patch(release.type(), release.namespace(), release.object().name(), patch.operations(),
                                InstallOwner.LISTS_FIELD_MANAGER, dryRun).map(written -> (JsonNode) written)
                        : Future.succeededFuture(object));
    }

    /**
     * The object as a release applies it: its identity and the {@code resourceVersion} it was read
     * at, nothing else, so that the field manager keeps no field of it and the server refuses the
     * release if it changed since.
     */
    private static ObjectNode emptied(Removal.Release release, String resourceVersion) {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        object.put("apiVersion", release.type().apiVersion()).put("kind", release.object().kind());
        ObjectNode metadata = object.putObject("metadata").put("name", release.object().name());
        if (release.namespace() != null) {
            metadata.put("namespace", release.namespace());
        }
        if (resourceVersion != null) {
            metadata.put("resourceVersion", resourceVersion);
        }
        return object;
    }
}
