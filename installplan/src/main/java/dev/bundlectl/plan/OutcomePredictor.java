package dev.bundlectl.plan;

import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.RegistryV1Kinds;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.api.GroupVersionKind;
import dev.bundlectl.plan.objects.ObjectChecks;
import dev.bundlectl.plan.objects.ObjectVerdict;
import dev.bundlectl.plan.payload.InstallHistory;
import dev.bundlectl.plan.payload.ManifestAction;
import dev.bundlectl.plan.payload.ReleaseAnnotations;
import java.util.List;
import java.util.Optional;

/**
 * Predicts each step's outcome before anything is sent, from the exclusion rules, the registry+v1
 * kind list, the release annotations, the API surface (the bundle's CRDs included) and, for
 * bundles, the API server's own checks of the object ({@link ObjectChecks}). What cannot be known
 * offline stays {@code Unknown}.
 *
 * <p>A {@code release.openshift.io/delete} manifest is never applied, so its API need not be served
 * (an unserved kind has nothing to delete) nor its object checked; what it does depends on the
 * install phase: skipped ({@code NotCreated}) on a first install, else deleted if present
 * ({@code Unknown}, with a note that says so and does not fail the plan, see {@link PlanVerdict}).
 */
final class OutcomePredictor {

    private final ApiSurface surface;
    private final boolean registryV1KindsOnly;
    private final InstallHistory phase;
    private final Optional<ObjectChecks> objectChecks;

    /** A predictor for bundles, which may only carry registry+v1 kinds, and whose objects are checked. */
    OutcomePredictor(ApiSurface surface, InstallHistory phase, ObjectChecks objectChecks) {
        this(surface, true, phase, Optional.of(objectChecks));
    }

    private OutcomePredictor(ApiSurface surface, boolean registryV1KindsOnly, InstallHistory phase,
            Optional<ObjectChecks> objectChecks) {
        this.surface = surface;
        this.registryV1KindsOnly = registryV1KindsOnly;
        this.phase = phase;
        this.objectChecks = objectChecks;
    }

    /**
     * A predictor for release-payload directories, which may carry any kind. Their objects are
     * not checked: payload manifests are OpenShift's own, applied by its cluster-version operator.
     */
    static OutcomePredictor forPayload(ApiSurface surface, InstallHistory phase) {
        return new OutcomePredictor(surface, false, phase, Optional.empty());
    }

    /**
     * The predicted status and message of one step.
     *
     * @param status the step's initial status
     * @param message why, or null when nothing is predicted
     */
    record Prediction(StepStatus status, String message) {

        /** Nothing predicted: the step will be sent, and nothing says it will fail. */
        boolean toBeSent() {
            return status == StepStatus.UNKNOWN && message == null;
        }
    }

    /**
     * The prediction for one manifest of the bundle.
     *
     * @param manifest the object as it will be applied
     * @param compactJson the object as the step carries it
     * @param optional whether the step is optional
     * @param optionalBy the install-time rule that made the step optional, or null; a step it
     *     makes {@code NotCreated} names it in its message
     * @param exclusion why the manifest is excluded, if it is
     * @param sent whether the object itself will be sent; false for a CSV that is rendered
     *     instead, which is then not checked against OLM's schema
     * @param warnings where planning warnings go
     */
    Prediction predict(Manifest manifest, String compactJson, boolean optional, String optionalBy,
            Optional<String> exclusion, boolean sent, Diagnostics.Collector warnings) {
        if (exclusion.isPresent()) {
            return new Prediction(StepStatus.NOT_CREATED, exclusion.get());
        }
        if (registryV1KindsOnly && !RegistryV1Kinds.isSupported(manifest.kind())) {
            return new Prediction(StepStatus.UNSUPPORTED_RESOURCE,
                    "kind " + manifest.kind() + " is not supported in a registry+v1 bundle");
        }
        if (ReleaseAnnotations.isDelete(manifest)) {
            ManifestAction action = ManifestAction.of(manifest, phase);
            return new Prediction(action.kind() == ManifestAction.Kind.SKIP ? StepStatus.NOT_CREATED
                    : StepStatus.UNKNOWN, action.reason());
        }
        Prediction served = predictServed(manifest, optional, warnings);
        Prediction outcome = sent && served.toBeSent() ? predictAnswer(manifest, compactJson, optional, warnings) : served;
        // Past exclusions and deletes, only optionality makes a step NotCreated: say whose it is.
        return outcome.status() == StepStatus.NOT_CREATED
                ? new Prediction(outcome.status(), Step.notCreatedMessage(outcome.message(), optionalBy))
                : outcome;
    }

    /**
     * What the server would answer to the object. A rejection fails a required step; an optional
     * step absorbs it and is {@code NotCreated}, as it would absorb the server's 422 (docs/semantics.md §3).
     * Either way a warning names the file, so the user can find the object to fix.
     */
    private Prediction predictAnswer(Manifest manifest, String compactJson, boolean optional,
            Diagnostics.Collector warnings) {
        if (objectChecks.isEmpty()) {
            return new Prediction(StepStatus.UNKNOWN, null);
        }
        ObjectVerdict verdict = objectChecks.get().check(manifest, compactJson);
        if (verdict instanceof ObjectVerdict.Rejected rejected) {
            warnings.warning(manifest.source(), manifest.displayName(), null,
                    "the API server would refuse this object: " + ProblemList.brief(rejected.message()));
            return new Prediction(optional ? StepStatus.NOT_CREATED : StepStatus.FAILED, rejected.message());
        }
        return new Prediction(StepStatus.UNKNOWN, null);
    }

    /**
     * The predicted status of an object rendered from the CSV ({@code --csv-mode render}): only
     * whether its API is served. Rendered kinds (Deployments, webhook configurations, cert-manager
     * objects) are bundlectl's choice, not the bundle's, so the registry+v1 kind list does not
     * apply, and a rendered object is never optional.
     */
    Prediction predictRendered(Manifest rendered, String compactJson, Diagnostics.Collector warnings) {
        Prediction served = predictServed(rendered, false, warnings);
        return served.toBeSent() ? predictAnswer(rendered, compactJson, false, warnings) : served;
    }

    private Prediction predictServed(Manifest manifest, boolean optional, Diagnostics.Collector warnings) {
        GroupVersionKind gvk = new GroupVersionKind(manifest.group(), manifest.version(), manifest.kind());
        if (surface.find(gvk.group(), gvk.version(), gvk.kind()).isPresent()) {
            return new Prediction(StepStatus.UNKNOWN, null);
        }
        Optional<String> discoveryFailure = surface.discoveryFailure(gvk.group(), gvk.version());
        if (discoveryFailure.isPresent()) {
            // Nobody knows whether the API is served: the install finds out, so this is no prediction of failure.
            warnings.warning(manifest.source(), manifest.displayName(), "apiVersion",
                    discoveryFailure.get() + "; whether " + gvk + " is served is unknown");
            return new Prediction(StepStatus.UNKNOWN, discoveryFailure.get());
        }
        List<String> versions = surface.servedVersions(gvk.group(), gvk.kind());
        boolean otherVersionServed = surface.servesKind(gvk.group(), gvk.kind());
        if (otherVersionServed && !surface.listsEveryVersion(gvk.group(), gvk.kind())) {
            // The surface shows only preferred versions: this one may well be served too.
            warnings.warning(manifest.source(), manifest.displayName(), "apiVersion",
                    "API " + gvk + " is not listed by " + surface.description()
                            + ", which lists only preferred versions" + servedNote(versions, true)
                            + "; assuming it is served");
            return new Prediction(StepStatus.UNKNOWN, null);
        }
        String note = servedNote(versions, otherVersionServed);
        if (optional) {
            return new Prediction(StepStatus.NOT_CREATED, "API " + gvk + " is not served" + note);
        }
        return new Prediction(StepStatus.UNKNOWN, UnservedApiHint.unservedMessage(gvk, note));
    }

    private static String servedNote(List<String> versions, boolean otherVersionServed) {
        if (!versions.isEmpty()) {
            return " (served " + (versions.size() == 1 ? "version: " : "versions: ") + String.join(", ", versions) + ")";
        }
        return otherVersionServed ? " (another version is served)" : "";
    }
}
