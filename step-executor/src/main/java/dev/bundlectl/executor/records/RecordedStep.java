package dev.bundlectl.executor.records;

import java.util.Optional;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.StepStatus;
import java.util.Objects;

/**
 * One plan step as a record keeps it: the step without its manifest body, which is replaced by
 * a digest so that a record never holds bundle Secret contents and stays small.
 *
 * @param resolving the CSV name the step belongs to, or null
 * @param object the object the step acts on
 * @param sourceName the step's OLM {@code sourceName}: the package (a payload's name); records
 *     written before steps had {@code bundlectl.dev/source} may hold a payload file path
 * @param sourceNamespace the step's OLM {@code sourceNamespace}: empty, as no CatalogSource exists;
 *     records written before may hold the bundle path (the record's origin names the bundle)
 * @param optional whether the step was optional
 * @param status the final status
 * @param message why the step has this status, or null
 * @param manifestDigest {@code sha256:<hex>} of the manifest JSON, or null when there was none
 * @param appliedResourceVersion the object's {@code resourceVersion} as this run's server-side
 *     apply left it (or found it unchanged), or null when the step applied nothing; records
 *     written before have none
 * @param appliedDigest {@code sha256:<hex>} of the body that apply sent, or null likewise
 */
public record RecordedStep(String resolving, ObjectRef object, String sourceName, String sourceNamespace,
        boolean optional, StepStatus status, String message, String manifestDigest, String appliedResourceVersion,
        String appliedDigest) {

    public RecordedStep {
        Objects.requireNonNull(object, "object");
        Objects.requireNonNull(status, "status");
    }

    /**
     * The record form of a plan step.
     *
     * @param applied what its server-side apply left, or null
     */
    public static RecordedStep from(Step step, AppliedState applied) {
        StepResource resource = step.resource();
        return new RecordedStep(step.resolving(), ObjectRef.of(resource), resource.sourceName(),
                resource.sourceNamespace(), step.optional(), step.status(), step.message(),
                ManifestDigest.of(resource.manifest()), applied == null ? null : applied.resourceVersion(),
                applied == null ? null : applied.bodyDigest());
    }

    /** What this step's apply left, when the record says. */
    public Optional<AppliedState> applied() {
        return appliedResourceVersion == null || appliedDigest == null
                ? Optional.empty()
                : Optional.of(new AppliedState(appliedResourceVersion, appliedDigest));
    }

    /** This step with another message. */
    public RecordedStep withMessage(String newMessage) {
        return new RecordedStep(resolving, object, sourceName, sourceNamespace, optional, status, newMessage,
                manifestDigest, appliedResourceVersion, appliedDigest);
    }
}
