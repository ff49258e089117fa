package dev.bundlectl.executor.apply;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.executor.ownership.ObservedObject;
import dev.bundlectl.executor.ownership.OwnerListWriter;
import dev.bundlectl.executor.ownership.OwnerListing;
import dev.bundlectl.executor.ownership.OwnerMarks;
import dev.bundlectl.executor.ownership.RequestRetry;
import dev.bundlectl.executor.records.AppliedState;
import dev.bundlectl.executor.records.ClientErrors;
import io.vertx.core.Future;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

/**
 * After a step's server-side apply succeeded: the install joins its package's owner list on the
 * object, as the step's {@link PreparedStep#listing()} says (docs/semantics.md §8, "The list is only
 * ever changed on the version just read"), starting from the version the apply answered. What the
 * step reports of the object (its identity, the state an unchanged re-run compares) is then the
 * version the list write left, so that the install's next run finds it as this one left it.
 */
final class OwnerListStage {

    /** Why a step whose object was deleted under it twice fails. */
    static final String DELETED_TWICE = "applied twice, and deleted again after each apply before it could be listed "
            + "as this install's (another install's uninstall deletes it); run the install again";

    private OwnerListStage() {
    }

    /**
     * Lists the install on the object, when the step's listing says to; never fails.
     *
     * @param answered the object as the apply answered it; null to read it first
     * @param created whether the step's apply created it
     * @param bodyDigest the digest of the body applied, or null when the step reports no state
     */
    static Future<Listed> list(PreparedStep run, ObjectNode answered, boolean created, String bodyDigest) {
        if (run.dryRun() ? created || !isRbacRole(run) || run.env().options().owner() == null
                : run.listing() == null) {
            // A dry-run create leaves nothing to patch, and the create was judged with the same rights.
            return Future.succeededFuture(new Listed.GoOn());
        }
        RequestRetry retry = new RequestRetry() {
            @Override
            public <T> Future<T> retried(String what, Supplier<Future<T>> request) {
                return run.retrier().write(what, request);
            }
        };
        if (run.dryRun()) {
            // The preflight judges the list's patch on a Role or ClusterRole that exists: that patch is the
            // write that meets the RBAC escalation check (an apply of unchanged rules is not judged). The
            // preflight decides the step's listing only after its dry run, so it judges the install
            // joining the list with the content it applies.
            OwnerListing listing = run.listing() != null ? run.listing() : OwnerListing.joining(
                    run.env().options().owner(), OwnerMarks.contentDigest(run.manifest()), Set.of(), Set.of());
            return new OwnerListWriter(run.api(), retry).judge(run.type(), run.namespace(), run.name(), listing,
                    answered).map(judged -> (Listed) new Listed.GoOn())
                    .otherwise(error -> new Listed.Failed(FailurePolicy.outcome(error, false, "owner list patch")));
        }
        return new OwnerListWriter(run.api(), retry).write(run.type(), run.namespace(), run.name(), run.listing(),
                        answered)
                .map(written -> {
                    if (written instanceof OwnerListWriter.ListWrite.Written listed) {
                        run.reporter().observed(ObservedObject.of(listed.object(), created));
                        String resourceVersion = listed.object().path("metadata").path("resourceVersion").asText("");
                        if (bodyDigest != null && !resourceVersion.isEmpty()) {
                            run.reporter().applied(new AppliedState(resourceVersion, bodyDigest));
                        }
                        return (Listed) new Listed.GoOn();
                    }
                    if (written instanceof OwnerListWriter.ListWrite.Gone) {
                        return new Listed.ApplyAgain();
                    }
                    if (written instanceof OwnerListWriter.ListWrite.Deleting deleting) {
                        return new Listed.Failed(StepOutcome.failed("applied, but it is being deleted (since "
                                + deleting.since() + "): another install's uninstall, which found no other owner, "
                                + "deletes it; run the install again once it is gone"));
                    }
                    OwnerListWriter.ListWrite.OtherContent other = (OwnerListWriter.ListWrite.OtherContent) written;
                    return new Listed.Failed(StepOutcome.failed("applied, but not listed as this install's: "
                            + other.owner().describe() + " applied other content to it after this install's preflight "
                            + "(another version of the bundle); run the install again to be judged against it"));
                })
                .otherwise(error -> new Listed.Failed(StepOutcome.failed("applied, but could not be listed as this "
                        + "install's: " + ClientErrors.describe(error))));
    }

    private static boolean isRbacRole(PreparedStep run) {
        GroupKind kind = new GroupKind(run.type().group(), run.type().kind());
        return GroupKind.ROLE.equals(kind) || GroupKind.CLUSTER_ROLE.equals(kind);
    }

    /** What comes of the list write for the step. */
    sealed interface Listed {

        /** Listed, or nothing to list: the step goes on. */
        record GoOn() implements Listed {
        }

        /** The object was deleted after it was applied, before it was listed: the apply is sent again. */
        record ApplyAgain() implements Listed {
        }

        /**
         * The step fails.
         *
         * @param outcome its failure
         */
        record Failed(StepOutcome outcome) implements Listed {
            public Failed {
                Objects.requireNonNull(outcome, "outcome");
            }
        }
    }
}
