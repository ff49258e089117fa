package dev.bundlectl.cli;

import dev.bundlectl.bundle.Diagnostic;
import dev.bundlectl.plan.InstallPlan;
import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.io.InputFileException;
import dev.bundlectl.plan.output.InstallPlanCodec;
import dev.bundlectl.plan.output.SecretRehydration;
import dev.bundlectl.plan.payload.ReleaseAnnotationValidator;
import dev.bundlectl.plan.payload.StepManifests;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Loads a plan that {@code bundlectl plan -o yaml} wrote and a user reviewed, so that install
 * applies exactly it (OLM's manual approval). Only redacted Secret values are taken from the
 * bundle, and only when they hash to the reviewed markers.
 */
final class ReviewedPlan {

    private final DiagnosticsPrinter diagnostics;

    ReviewedPlan(DiagnosticsPrinter diagnostics) {
        this.diagnostics = diagnostics;
    }

    /**
     * @param planFile the reviewed plan
     * @param bundleDirectory where to take redacted Secret values from, or null for the bundle
     *     path the plan records
     */
    InstallPlan load(Path planFile, Path bundleDirectory) {
        InstallPlan plan;
        try {
            plan = InstallPlanCodec.read(planFile);
        } catch (InputFileException e) {
            throw new UserInputException(e.getMessage());
        }
        rejectInvalidReleaseAnnotations(plan, planFile);
        if (!SecretRehydration.needed(plan)) {
            return plan;
        }
        Path bundle = bundleDirectory != null ? bundleDirectory : recordedBundle(plan, planFile);
        SecretRehydration.Result result = SecretRehydration.rehydrate(plan, new InputDirectories(diagnostics).manifests(bundle));
        if (!result.problems().isEmpty()) {
            throw new UserInputException(result.problems().stream().map(p -> planFile + ": " + p).toList());
        }
        return result.plan().orElseThrow();
    }

    /** An edited plan gets the same release-annotation checks as a planned one, before anything is applied. */
    private static void rejectInvalidReleaseAnnotations(InstallPlan plan, Path planFile) {
        List<Diagnostic> errors = ReleaseAnnotationValidator.validate(StepManifests.of(plan).values()).errors();
        if (!errors.isEmpty()) {
            throw new UserInputException(errors.stream()
                    .map(error -> planFile + ": " + error.object() + ": field " + error.field() + ": "
                            + error.message())
                    .toList());
        }
    }

    private static Path recordedBundle(InstallPlan plan, Path planFile) {
        String recorded = plan.metadata().annotations().get(PlanAnnotations.BUNDLE_PATH);
        if (recorded == null || !Files.isDirectory(Path.of(recorded))) {
            throw new UserInputException(planFile + ": Secret values are redacted in the plan; give the bundle "
                    + "directory (install DIR --plan-file " + planFile + ") so they can be restored and checked"
                    + (recorded == null ? "" : " (the recorded path " + recorded + " is not a directory here)"));
        }
        return Path.of(recorded);
    }
}
