package dev.bundlectl.executor.access;

import dev.bundlectl.cluster.discovery.Discovery;
import dev.bundlectl.cluster.kube.ApiException;
import io.vertx.core.Future;
import java.util.List;
import java.util.Optional;

/**
 * What to say when planning against the cluster met a 403: the reads that planning makes (the
 * install records, OLM's and OpenShift's) and the records the operation keeps are asked about all
 * at once, so that the report lists every one of them that the identity lacks, not only the first
 * read that failed. A plan cannot be made without those reads, so the steps' own requests are
 * asked about once these are granted.
 */
public final class ForbiddenReads {

    private ForbiddenReads() {
    }

    /** The 403 a failure comes from, if it comes from one. */
    public static Optional<ApiException> causeOf(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof ApiException api && api.isHttp(403)) {
                return Optional.of(api);
            }
        }
        return Optional.empty();
    }

    /**
     * The report for an install of {@code packageName} in {@code namespace} whose planning was
     * refused with {@code refusal}: what the identity lacks of the operation's own requests, or,
     * when none is denied, the refusal itself.
     *
     * @param hasDependencies whether the bundle declares dependencies (planning then reads CSVs)
     */
    public static Future<MissingAccess> report(AccessReview review, Discovery discovery, String identity,
            String operation, String namespace, String packageName, boolean hasDependencies, ApiException refusal) {
        return OperationAccess.forInstall(discovery, namespace, packageName, hasDependencies).compose(review::review)
                .map(answers -> new MissingAccess(identity, operation, answers.denied(), List.of(),
                        answers.denied().isEmpty() ? List.of("planning: " + refusal.getMessage()) : List.of()));
    }
}
