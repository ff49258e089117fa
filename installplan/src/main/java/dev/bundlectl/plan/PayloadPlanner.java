package dev.bundlectl.plan;

import dev.bundlectl.plan.model.Approval;
import dev.bundlectl.plan.model.ManifestExclusion;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.planned.PlanLayout;
import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.plan.planned.PlannedStep;
import dev.bundlectl.plan.model.StepSource;
import dev.bundlectl.plan.payload.PayloadFileName;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.api.ApiSurfaces;
import dev.bundlectl.plan.api.CrdApiResources;
import dev.bundlectl.plan.capability.CapabilityConfig;
import dev.bundlectl.plan.capability.CapabilityFilter;
import dev.bundlectl.plan.payload.PayloadInclusion;
import dev.bundlectl.plan.payload.PayloadSelection;
import dev.bundlectl.plan.payload.ReleaseAnnotationValidator;
import dev.bundlectl.plan.payload.RunGraphBuilder;
import dev.bundlectl.plan.payload.RunNode;
import dev.bundlectl.plan.prune.UnknownSchemaFields;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns a directory of CVO-style release-payload manifests into an InstallPlan, the way the
 * cluster-version operator would apply it: the inclusion checks in library-go's order, then the
 * steps in run-graph order (run levels in sequence, one serial chain per component).
 *
 * <p>Unlike a bundle, a payload keeps each manifest's own namespace, may carry any kind, and has
 * no CSV: its steps resolve the directory's name. Each step records its file, run level and
 * component in {@code bundlectl.dev/source}, and the plan carries the run graph itself
 * ({@link dev.bundlectl.plan.planned.PayloadOrder}). Stateless and thread-safe.
 */
public final class PayloadPlanner {

    /** The plan metadata annotation that marks a payload plan. */
    public static final String LAYOUT_ANNOTATION = PlanLayout.ANNOTATION;
    public static final String LAYOUT_PAYLOAD = PlanLayout.PAYLOAD;

    /**
     * Whether a plan is a release payload's (marked by {@link #LAYOUT_ANNOTATION}): the executor
     * runs it in run-graph order.
     */
    public static boolean isPayloadPlan(InstallPlan plan) {
        return PlanLayout.isPayload(plan);
    }

    /**
     * Plans a payload directory's manifests.
     *
     * @param manifests every manifest read from the directory
     * @param request filters, capabilities and plan options
     * @return the plan and what the filters left out; diagnostics with errors mean the plan is
     *     invalid and must not be applied
     */
    public PayloadPlanResult plan(List<Manifest> manifests, PayloadPlanRequest request) {
        Diagnostics.Collector diagnostics = new Diagnostics.Collector();
        Diagnostics annotationProblems = ReleaseAnnotationValidator.validate(manifests);
        diagnostics.addAll(annotationProblems);
        PayloadSelection selection = new PayloadInclusion(request.filters(), capabilitiesOrAll(request, manifests))
                .select(manifests);
        diagnostics.addAll(selection.diagnostics());

        PlanRequest base = request.base();
        List<ManifestExclusion> rules = new ArrayList<>(base.exclusions());
        if (request.capabilities() != null) {
            rules.add(new CapabilityFilter(request.capabilities()));
        }
        // A plan with invalid release annotations is never applied, and its run graph cannot be built:
        // its steps keep the input order so that the errors can still be reported with the plan.
        // What the API server would drop on a create is left out first, as for a bundle (see InstallPlanner).
        List<Manifest> selected = UnknownSchemaFields.dropped(selection.planned(), diagnostics);
        List<Manifest> ordered = annotationProblems.hasErrors() ? selected
                : RunGraphBuilder.build(selected, request.phase().forOrdering()).nodes().stream()
                        .map(RunNode::manifest).toList();
        Map<Manifest, Optional<String>> exclusions = ExclusionReasons.of(ordered, rules);

        List<Manifest> appliedCrds = ordered.stream()
                .filter(CrdApiResources::isCrd)
                .filter(crd -> exclusions.get(crd).isEmpty())
                .toList();
        ApiSurface surface = ApiSurfaces.withBundleCrds(base.apiSurface(), appliedCrds);
        OutcomePredictor predictor = OutcomePredictor.forPayload(surface, request.phase());
        String sourceNamespace = base.sourceNamespace() != null ? base.sourceNamespace() : request.name();

        List<Step> steps = new ArrayList<>(ordered.size());
        List<PlannedStep> planned = new ArrayList<>(ordered.size());
        for (Manifest manifest : ordered) {
            // As for a bundle (see InstallPlanner), OLM's catalog-source fields hold the payload's name and
            // no namespace; the file, run level and component are the step's bundlectl.dev/source.
            StepResource resource = new StepResource(manifest.group(), manifest.version(), manifest.kind(),
                    manifest.name(), declaredNamespace(manifest), request.name(), StepResource.NO_CATALOG_NAMESPACE,
                    ManifestJson.compact(manifest.body()));
            OutcomePredictor.Prediction prediction = predictor.predict(manifest, resource.manifest(), false, null,
                    exclusions.get(manifest), true, diagnostics);
            PayloadFileName file = PayloadFileName.of(manifest);
            StepSource source = StepSource.ofPayload(sourceNamespace, request.name(), manifest.source(), file.level(),
                    file.component());
            Step step = new Step(request.name(), resource, false, prediction.status(), prediction.message(), null, null,
                    source, null);
            steps.add(step);
            planned.add(new PlannedStep(step, manifest.body(), source));
        }

        PlanVerdict verdict = PlanVerdict.of(steps);
        InstallPlan plan = new InstallPlan(
                metadata(request, sourceNamespace, steps),
                new InstallPlan.Spec(base.approval().wireName(), base.approval() == Approval.AUTOMATIC, List.of()),
                PlanStatuses.initial(steps, verdict, base, List.of()));
        return new PayloadPlanResult(new PlanResult(PlannedInstall.of(plan, planned), diagnostics.toDiagnostics(), verdict),
                selection.filteredOut());
    }

    /** Without a capability configuration, every capability the manifests name counts as enabled. */
    private static CapabilityConfig capabilitiesOrAll(PayloadPlanRequest request, List<Manifest> manifests) {
        return request.capabilities() != null ? request.capabilities() : CapabilityConfig.allOf(manifests);
    }

    private static String declaredNamespace(Manifest manifest) {
        return manifest.namespace() == null || manifest.namespace().isBlank() ? null : manifest.namespace();
    }

    private static InstallPlan.Metadata metadata(PayloadPlanRequest request, String sourceNamespace, List<Step> steps) {
        PlanRequest base = request.base();
        Map<String, String> annotations = new LinkedHashMap<>();
        annotations.put(LAYOUT_ANNOTATION, LAYOUT_PAYLOAD);
        annotations.put(PlanAnnotations.BUNDLE_PATH, sourceNamespace);
        if (base.use() == PlanUse.DOCUMENT) {
            annotations.put(PlanAnnotations.BUNDLE_DIGEST, BundleDigest.of(steps));
        }
        annotations.put(PlanAnnotations.PACKAGE, request.name());
        annotations.put(PlanAnnotations.API_SURFACE, base.apiSurface().description());
        String name = base.planName() != null ? base.planName() : PlanNames.defaultFor(request.name());
        return new InstallPlan.Metadata(name, base.targetNamespace(), annotations);
    }
}
