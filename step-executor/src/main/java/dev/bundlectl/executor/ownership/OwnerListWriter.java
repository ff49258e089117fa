package dev.bundlectl.executor.ownership;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;
import java.util.Objects;

/**
 * Adds an install to its package's owner list on an object it just applied (docs/semantics.md §8,
 * "The list is only ever changed on the version just read"): the change is a JSON patch that tests
 * the {@code resourceVersion} of the object as the apply answered it; when another write came in
 * between (the test fails), the object is read again and the change made again on that version, so
 * that installs of one package in many namespaces, all writing one object at once, never lose each
 * other's entries. Each failed test means another write succeeded, so the attempts are many.
 */
public final class OwnerListWriter {

    // Each failed test is another writer's success; fifty installs at once need at most fifty.
    private static final int ATTEMPTS = 64;

    private final KubeApi api;
    private final RequestRetry retry;

    /** Writes through {@code api}, which should retry transient failures. */
    public OwnerListWriter(KubeApi api) {
        this(api, RequestRetry.NONE);
    }

    /**
     * Writes through {@code api}, each read and patch tried again by {@code retry} while it fails
     * transiently. A patch is safe to send again: it tests the resourceVersion it was made on, so
     * one that landed before its answer was lost fails its test the second time, and the object
     * read again then already lists the install.
     */
    public OwnerListWriter(KubeApi api, RequestRetry retry) {
        this.api = Objects.requireNonNull(api, "api");
        this.retry = Objects.requireNonNull(retry, "retry");
    }

    /**
     * Makes {@code listing}'s change on the object.
     *
     * @param current the object as just read or answered, or null to read it first
     * @return what came of it; fails only when the server refused a request for another reason
     */
    public Future<ListWrite> write(ApiResource type, String namespace, String name, OwnerListing listing,
            ObjectNode current) {
        return attempt(type, namespace, name, listing, current, 1);
    }

    /**
     * The server's judgement of {@code listing}'s change, as a server-side dry run of its patch
     * ({@code dryRun=All}), so that a preflight finds what the real write would meet: the RBAC
     * escalation check on a Role or ClusterRole (any change to one needs every right it grants),
     * admission. Nothing is written.
     *
     * @param current the object as just read or answered, or null to read it first
     * @return what came of it; fails when the server refused the patch
     */
    public Future<ListWrite> judge(ApiResource type, String namespace, String name, OwnerListing listing,
            ObjectNode current) {
        return read(type, namespace, name, current).compose(live -> {
            OwnerMarks.ListChange change = OwnerMarks.change(live, listing);
            if (change instanceof OwnerMarks.ListChange.Patch patch) {
                // Without the patch's test of the resourceVersion: a dry-run apply's answer need not carry
                // the stored one, and nothing is written either way.
                ArrayNode operations = patch.withoutVersionTest();
                return retry.retried("owner list patch", () -> api.patch(type, namespace, name, operations,
                        InstallOwner.LISTS_FIELD_MANAGER, true)).map(judged -> (ListWrite) new ListWrite.Written(live));
            }
            return Future.succeededFuture((ListWrite) new ListWrite.Written(live));
        }, error -> ApiException.isHttp(error, 404) ? Future.succeededFuture(new ListWrite.Gone())
                : Future.failedFuture(error));
    }

    private Future<ListWrite> attempt(ApiResource type, String namespace, String name, OwnerListing listing,
            ObjectNode current, int attempt) {
        return read(type, namespace, name, current).compose(live -> {
            if (live.path("metadata").hasNonNull("deletionTimestamp")) {
                return Future.succeededFuture((ListWrite) new ListWrite.Deleting(
                        live.path("metadata").path("deletionTimestamp").asText()));
            }
            OwnerMarks.ListChange change = OwnerMarks.change(live, listing);
            if (change instanceof OwnerMarks.ListChange.OtherContent other) {
                return Future.succeededFuture((ListWrite) new ListWrite.OtherContent(other.owner()));
            }
            if (change instanceof OwnerMarks.ListChange.Patch patch) {
                return retry.retried("owner list patch", () -> api.patch(type, namespace, name, patch.operations(),
                        InstallOwner.LISTS_FIELD_MANAGER, false)).map(written -> (ListWrite) new ListWrite.Written(written));
            }
            return Future.succeededFuture((ListWrite) new ListWrite.Written(live));
        }).recover(error -> {
            if (ApiException.isHttp(error, 404)) {
                return Future.succeededFuture(new ListWrite.Gone());
            }
            // A failed test answers 422 (Invalid) or 409: the object changed since it was read.
            if ((ApiException.isHttp(error, 409) || ApiException.isHttp(error, 422)) && attempt < ATTEMPTS) {
                return attempt(type, namespace, name, listing, null, attempt + 1);
            }
            return Future.failedFuture(error);
        });
    }

    /** {@code current}, or the object as read now when there is none. */
    private Future<ObjectNode> read(ApiResource type, String namespace, String name, ObjectNode current) {
        return current != null ? Future.succeededFuture(current)
                : retry.retried("get", () -> api.get(type, namespace, name));
    }

    /** What came of a list write. */
    public sealed interface ListWrite {

        /**
         * The lists say what the listing says.
         *
         * @param object the object as the write left it (as read, when there was nothing to write)
         */
        record Written(ObjectNode object) implements ListWrite {
            public Written {
                Objects.requireNonNull(object, "object");
            }
        }

        /** The object is gone: deleted after it was applied (by its last other owner's uninstall). */
        record Gone() implements ListWrite {
        }

        /**
         * The object is being deleted (by its last other owner's uninstall, which read it before it
         * was applied): it will not stay, so it is not listed.
         *
         * @param since its {@code deletionTimestamp}
         */
        record Deleting(String since) implements ListWrite {
            public Deleting {
                Objects.requireNonNull(since, "since");
            }
        }

        /**
         * Another install of the package lists other content on it, written there after this
         * install's preflight: nothing was written.
         *
         * @param owner that install
         */
        record OtherContent(InstallOwner owner) implements ListWrite {
            public OtherContent {
                Objects.requireNonNull(owner, "owner");
            }
        }
    }
}
