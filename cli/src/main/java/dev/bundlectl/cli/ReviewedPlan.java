package dev.bundlectl.cli;

import dev.bundlectl.bundle.Diagnostic;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.bundle.yaml.InputFileException;
import dev.bundlectl.plan.output.InstallPlanCodec;
import dev.bundlectl.plan.output.SecretRedaction;
import dev.bundlectl.plan.output.SecretRehydration;
import dev.bundlectl.plan.payload.ReleaseAnnotationValidator;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.plan.review.PlanComparison;
import dev.bundlectl.plan.upgrade.UpgradeSteps;
import dev.bundlectl.plan.review.PlanOptions;
import dev.bundlectl.plan.review.PlanOptionsAnnotation;
import dev.bundlectl.plan.olm.OperatorGroupChoice;
import dev.bundlectl.plan.review.ReviewedPlans;
import dev.bundlectl.plan.review.ReviewedStepCheck;
import dev.bundlectl.plan.review.StepDifference;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Loads a plan that {@code bundlectl plan -o yaml} wrote and a user reviewed, so that install
 * applies exactly it (OLM's manual approval), and refuses one that was changed after review. All
 * of it happens offline, before the kubeconfig is read: a tampered plan never opens a connection.
 *
 * <p>Every step must parse and describe the object its {@code resource} names. Then the bundle is
 * planned again with the options the plan recorded, and the file's steps must equal that fresh
 * plan's, manifests included (Secret values compared redacted). The install then runs the fresh
 * plan's steps, which carry the bundle's real Secret values and freshly predicted statuses: no
 * status, phase or condition is ever taken from the file. With {@code --allow-edited-plan} a plan
 * that differs, or that cannot be checked, is applied anyway after the differences are printed.
 */
final class ReviewedPlan {

    private final DiagnosticsPrinter diagnostics;
    private final PrintWriter err;
    private final BundleSourcing sourcing;

    /** @param sourcing pulls the exact digest a plan of an image records, when no DIR is given */
    ReviewedPlan(DiagnosticsPrinter diagnostics, PrintWriter err, BundleSourcing sourcing) {
        this.diagnostics = diagnostics;
        this.err = err;
        this.sourcing = sourcing;
    }

    /**
     * @param planFile the reviewed plan
     * @param bundleDirectory the bundle or payload directory the plan was made from, or null for
     *     the path the plan records
     * @param allowEdited apply a plan that differs from its bundle's, or that cannot be checked,
     *     after printing why
     */
    PlannedInstall load(Path planFile, Path bundleDirectory, boolean allowEdited) {
        InstallPlan file = read(planFile);
        // An upgrade's delete and keep steps come from the install record, not the bundle: they are
        // set aside here and checked against the cluster's latest record once it is read.
        List<Step> previousInstallSteps = UpgradeSteps.previousInstallSteps(file);
        PlannedInstall bundleSteps = loadBundleSteps(planFile, UpgradeSteps.bundleOnly(file), bundleDirectory,
                allowEdited);
        return previousInstallSteps.isEmpty() ? bundleSteps
                : PlannedInstall.read(UpgradeSteps.withSteps(bundleSteps.plan(), previousInstallSteps));
    }

    private PlannedInstall loadBundleSteps(Path planFile, InstallPlan reviewed, Path bundleDirectory,
            boolean allowEdited) {
        failOn(planFile, ReviewedStepCheck.problems(reviewed.steps()));
        // The file's manifests are parsed here, once; what the install runs keeps these objects.
        PlannedInstall reviewedSteps = PlannedInstall.read(reviewed);
        rejectInvalidReleaseAnnotations(reviewedSteps, planFile);
        Optional<PlanOptions> options = recordedOptions(reviewed, planFile);
        Optional<BundleSourceAnnotation.Recorded> image = BundleSourceAnnotation.read(reviewed, planFile.toString());
        Path bundle = bundleDirectory != null ? bundleDirectory
                : image.isPresent() ? sourcing.pinned(image.get(), planFile.toString()) : recordedBundle(reviewed);
        String unchecked = bundle == null || !Files.isDirectory(bundle)
                ? "its bundle is not here (" + (bundle == null ? "the plan names none" : bundle + " is not a directory")
                        + "); give it as install DIR --plan-file " + planFile
                : options.isEmpty() ? "it does not record the options it was made with (annotation "
                        + PlanOptions.ANNOTATION + "); make it again with bundlectl plan" : null;
        if (unchecked != null) {
            if (!allowEdited) {
                throw new UserInputException(planFile + ": cannot check the reviewed plan against its bundle: "
                        + unchecked + "; or pass --allow-edited-plan to apply it unchecked");
            }
            err.println("warning: " + planFile + ": applying a plan that was not checked against its bundle: "
                    + unchecked);
            return withSecretValues(reviewedSteps.withPlan(ReviewedPlans.edited(reviewed, Optional.empty())), bundle,
                    planFile);
        }
        PlannedInstall freshPlan = new Planning(diagnostics)
                .replan(bundle, reviewed.metadata().namespace(), packageName(reviewed, bundle), options.get()).planned();
        InstallPlan fresh = freshPlan.plan();
        List<StepDifference> differences =
                PlanComparison.differences(reviewed.steps(), SecretRedaction.redact(fresh).steps());
        if (differences.isEmpty()) {
            return freshPlan.withPlan(ReviewedPlans.approved(reviewed, fresh), OperatorGroupChoice::isStep);
        }
        List<String> lines = new ArrayList<>();
        lines.add(planFile + ": the plan differs from a fresh plan of " + bundle + " made with the same options ("
                + differences.size() + " difference" + (differences.size() == 1 ? "" : "s") + "):");
        differences.forEach(difference -> lines.add("  " + difference.line()));
        if (!allowEdited) {
            lines.add("  nothing was applied; plan again and review the new plan, or pass --allow-edited-plan");
            throw new UserInputException(lines);
        }
        err.println("warning: applying an edited plan (--allow-edited-plan); " + lines.get(0));
        lines.subList(1, lines.size()).forEach(line -> err.println("warning: " + line.strip()));
        return withSecretValues(reviewedSteps.withPlan(ReviewedPlans.edited(reviewed, Optional.of(fresh))), bundle,
                planFile);
    }

    private static InstallPlan read(Path planFile) {
        try {
            return InstallPlanCodec.read(planFile);
        } catch (InputFileException e) {
            throw new UserInputException(e.getMessage());
        }
    }

    private static void failOn(Path planFile, List<String> problems) {
        if (!problems.isEmpty()) {
            throw new UserInputException(problems.stream().map(problem -> planFile + ": " + problem).toList());
        }
    }

    /** An edited plan gets the same release-annotation checks as a planned one, before anything is applied. */
    private static void rejectInvalidReleaseAnnotations(PlannedInstall plan, Path planFile) {
        List<Diagnostic> errors = ReleaseAnnotationValidator.validate(plan.manifests()).errors();
        if (!errors.isEmpty()) {
            throw new UserInputException(errors.stream()
                    .map(error -> planFile + ": " + error.object() + ": field " + error.field() + ": "
                            + error.message())
                    .toList());
        }
    }

    private static Optional<PlanOptions> recordedOptions(InstallPlan plan, Path planFile) {
        String recorded = plan.metadata().annotations().get(PlanOptions.ANNOTATION);
        if (recorded == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(PlanOptionsAnnotation.read(recorded));
        } catch (IllegalArgumentException e) {
            throw new UserInputException(planFile + ": metadata.annotations[" + PlanOptions.ANNOTATION + "]: "
                    + e.getMessage());
        }
    }

    private static Path recordedBundle(InstallPlan plan) {
        String recorded = plan.metadata().annotations().get(PlanAnnotations.BUNDLE_PATH);
        return recorded == null ? null : Path.of(recorded);
    }

    /** The payload's name as the plan records it (a bundle plan takes its package from the bundle). */
    private static String packageName(InstallPlan plan, Path bundle) {
        String recorded = plan.metadata().annotations().get(PlanAnnotations.PACKAGE);
        return recorded != null ? recorded : Planning.directoryName(bundle);
    }

    /**
     * The redacted Secret values of an edited plan, restored from the bundle where they hash to
     * the reviewed markers; without a bundle, a plan with redacted values cannot be applied.
     */
    private PlannedInstall withSecretValues(PlannedInstall planned, Path bundle, Path planFile) {
        InstallPlan plan = planned.plan();
        if (!SecretRehydration.needed(plan)) {
            return planned;
        }
        if (bundle == null || !Files.isDirectory(bundle)) {
            throw new UserInputException(planFile + ": Secret values are redacted in the plan; give the bundle "
                    + "directory (install DIR --plan-file " + planFile + ") so they can be restored and checked"
                    + (bundle == null ? "" : " (the recorded path " + bundle + " is not a directory here)"));
        }
        SecretRehydration.Result result =
                SecretRehydration.rehydrate(plan, new InputDirectories(diagnostics.errorsOnly()).manifests(bundle));
        if (!result.problems().isEmpty()) {
            throw new UserInputException(result.problems().stream().map(p -> planFile + ": " + p).toList());
        }
        // The restored Secrets carry other manifests than the file's: their document is read once more.
        return PlannedInstall.read(result.plan().orElseThrow());
    }
}
