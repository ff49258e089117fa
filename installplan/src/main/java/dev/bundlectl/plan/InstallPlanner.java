package dev.bundlectl.plan;

import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.plan.config.ConfigRequest;
import dev.bundlectl.plan.model.Approval;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.dependency.DependencyCheck;
import dev.bundlectl.plan.dependency.DependencyReport;
import dev.bundlectl.plan.olm.CrossNamespaceVerdict;
import dev.bundlectl.plan.olm.CsvDeploymentConfig;
import dev.bundlectl.plan.olm.CsvPropertiesProjection;
import dev.bundlectl.plan.olm.CopiedCsvMarks;
import dev.bundlectl.plan.olm.CsvRequirements;
import dev.bundlectl.plan.olm.OlmModeSteps;
import dev.bundlectl.plan.olm.OlmNotes;
import dev.bundlectl.plan.olm.OperatorGroupChoice;
import dev.bundlectl.plan.olm.ServedElsewhere;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.StepSource;
import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.plan.planned.PlannedStep;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.crdschema.CrdSchemaSurveys;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.api.ApiSurfaces;
import dev.bundlectl.plan.api.CrdApiResources;
import dev.bundlectl.plan.convert.ConversionPolicy;
import dev.bundlectl.plan.convert.ManifestConversions;
import dev.bundlectl.plan.objects.CustomResourceSchemas;
import dev.bundlectl.plan.objects.InputNames;
import dev.bundlectl.plan.objects.ObjectChecks;
import dev.bundlectl.plan.payload.InstallHistory;
import dev.bundlectl.plan.payload.ReleaseAnnotationValidator;
import dev.bundlectl.plan.prune.UnknownSchemaFields;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Turns a bundle into an InstallPlan, as OLM's catalog operator would, and predicts what can be
 * told before anything is sent: excluded manifests, kinds a registry+v1 bundle may not carry,
 * APIs the target does not serve, and objects the API server would refuse
 * ({@link ObjectChecks}).
 *
 * <p>One step per manifest, CSV first, then CRDs, then the rest in bundle order. Each step
 * resolves the CSV, carries the manifest as compact JSON as in the bundle (converted when its
 * version was removed, and without the CRD schema keys the API server would drop,
 * {@link UnknownSchemaFields}), and takes the target namespace when its kind is namespaced. With {@link CsvMode#RENDER} (asked for, or chosen
 * by {@link CsvMode#AUTO} when the surface lacks OLM) the CSV's step is not applied, and the
 * objects rendered from it follow it as its children ({@link Step#parent()}). Stateless and
 * thread-safe.
 */
public final class InstallPlanner {

    private final ConversionPolicy conversions;

    /** A planner that converts objects of removed API versions the target no longer serves. */
    public InstallPlanner() {
        this(ConversionPolicy.WHEN_NOT_SERVED);
    }

    /**
     * A planner with this conversion policy for objects of removed API versions
     * ({@link dev.bundlectl.plan.convert}); {@link ConversionPolicy#NEVER} plans them as written.
     */
    public InstallPlanner(ConversionPolicy conversions) {
        this.conversions = Objects.requireNonNull(conversions, "conversions");
    }

    /**
     * Plans a bundle.
     *
     * @param bundle the bundle, as read without errors
     * @param request the target namespace, API surface, exclusion rules and plan options
     * @return the plan, planning warnings (and errors for invalid release annotations, which make
     *     the plan invalid), and the verdict; phase {@code RequiresApproval} when installable,
     *     {@code Failed} when a required step is predicted to fail
     */
    public PlanResult plan(Bundle bundle, PlanRequest request) {
        Diagnostics.Collector warnings = new Diagnostics.Collector();
        // The CVO's annotations mean the same in a bundle: a bad value is an error before anything is applied.
        Diagnostics annotationProblems = ReleaseAnnotationValidator.validate(bundle.manifests());
        warnings.addAll(annotationProblems);
        // Names other names and labels are made from: refused as they are, never cut to fit.
        Diagnostics nameProblems = InputNames.problems(bundle);
        warnings.addAll(nameProblems);
        // Converted first, so that the surface, the object checks and render mode all see the new versions.
        ManifestConversions converted = ManifestConversions.of(bundle.manifests(), conversions, request.apiSurface(),
                warnings);
        // Then what the API server would drop on a create, so that every later stage sees the object it keeps.
        // One walk per CRD schema answers this and, later, the object checks' refused patterns.
        CrdSchemaSurveys crdSurveys = new CrdSchemaSurveys();
        bundle = withManifests(bundle, UnknownSchemaFields.dropped(converted.manifests(), warnings, crdSurveys));
        CsvModeChoice csvMode = CsvModeChoice.of(request);
        CsvExpansion expansion = CsvExpansion.of(csvMode, bundle, request, warnings);
        // A plan with invalid release annotations is never applied: its steps keep OLM's order.
        boolean byInstallLevel = request.installPhase().forOrdering() == InstallHistory.FIRST_INSTALL
                && !annotationProblems.hasErrors();
        OlmModeSteps olmSteps = olmSteps(csvMode, bundle, request);
        List<Manifest> ordered = olmSteps.ordered(StepOrder.order(expansion.withPatchedCrds(withCsv(bundle)),
                byInstallLevel));
        Map<Manifest, Optional<String>> exclusions = ExclusionReasons.of(ordered, request.exclusions());

        // Only CRDs that will actually be applied add their APIs.
        List<Manifest> appliedCrds = ordered.stream()
                .filter(CrdApiResources::isCrd)
                .filter(crd -> exclusions.get(crd).isEmpty())
                .toList();
        ApiSurface surface = ApiSurfaces.withBundleCrds(request.apiSurface(), appliedCrds);
        DependencyReport dependencies = new DependencyCheck(appliedCrds, request.apiSurface(), request.targetNamespace(),
                request.dependencies()).judge(bundle.dependencies());
        for (String warning : dependencies.warnings()) {
            warnings.warning(bundle.csv().source(), bundle.csv().displayName(), null, warning);
        }
        StepPlacement placement = new StepPlacement(surface, request.targetNamespace());
        OutcomePredictor predictor = new OutcomePredictor(surface, request.installPhase(),
                new ObjectChecks(CustomResourceSchemas.of(appliedCrds), crdSurveys));

        String csvName = bundle.csv().name();
        String packageName = bundle.packageName();
        String sourceNamespace = request.sourceNamespace() != null ? request.sourceNamespace() : bundle.root().toString();
        DuplicateObjects duplicates = new DuplicateObjects();
        OptionalSteps optionalSteps = new OptionalSteps(bundle, request.optionalApis());
        List<Step> steps = new ArrayList<>(ordered.size());
        List<PlannedStep> planned = new ArrayList<>(ordered.size());
        for (Manifest manifest : ordered) {
            Manifest applied = CsvApiVersion.asOlmReadsIt(manifest, warnings);
            if (applied.groupKind().isCsv() && !csvMode.renders()) {
                // Applied for OLM to act on: written as OLM's InstallPlan writes it (docs/semantics.md §6),
                // with the operator's configuration where OLM takes the Deployments from (§10).
                applied = CsvPropertiesProjection.onto(applied, bundle.properties());
                applied = CsvDeploymentConfig.onto(applied, request.config(), warnings);
            }
            // What OLM mode adds is bundlectl's, not the bundle's: never optional, whatever the rules.
            boolean added = olmSteps.adds(manifest);
            Optionality optionality = added ? Optionality.REQUIRED : optionalSteps.of(applied, warnings);
            String namespace = placement.namespaceFor(applied, warnings);
            duplicates.check(applied, namespace, warnings);
            StepResource resource = resource(applied, namespace, packageName, request.use());
            // The server judges the object in the namespace it is written to, not the one the manifest names.
            Manifest written = StepPlacement.asWritten(applied, namespace);
            // Added objects are checked as rendered ones are: served and valid, whatever a bundle may carry.
            OutcomePredictor.Prediction prediction = added
                    ? predictor.predictRendered(written, sentJson(resource, request.use()), warnings)
                    : ConversionNotes.adjust(converted, applied, optionality.optional(),
                            predictor.predict(written, sentJson(resource, request.use()), optionality.optional(),
                                    optionality.origin(), exclusions.get(manifest), !expansion.expands(manifest),
                                    warnings));
            prediction = olmPrediction(olmSteps, manifest, applied, prediction, surface, request);
            if (applied.groupKind().isCsv() && !csvMode.renders()) {
                prediction = configured(prediction, request.config());
            }
            StepSource source = StepSource.ofBundle(sourceNamespace, packageName, applied.source());
            Step step = new Step(csvName, resource, optionality.optional(), prediction.status(), prediction.message(),
                    null, optionality.origin(), source, null);
            if (!expansion.expands(manifest)) {
                step = withDependencyFailure(step, applied, dependencies);
                steps.add(step);
                planned.add(new PlannedStep(step, applied.body(), source));
                continue;
            }
            Step csvStep = withDependencyFailure(expansion.csvStep(step), applied, dependencies);
            steps.add(csvStep);
            planned.add(new PlannedStep(csvStep, applied.body(), source));
            for (Manifest child : expansion.children()) {
                duplicates.check(child, child.namespace(), warnings);
                StepResource childResource = resource(child, child.namespace(), packageName, request.use());
                OutcomePredictor.Prediction rendered =
                        predictor.predictRendered(child, sentJson(childResource, request.use()), warnings);
                StepSource childSource = StepSource.ofBundle(sourceNamespace, packageName, child.source());
                Step childStep = new Step(csvName, childResource, false, rendered.status(), rendered.message(), csvName,
                        null, childSource, null);
                steps.add(childStep);
                planned.add(new PlannedStep(childStep, child.body(), childSource));
            }
        }

        optionalSteps.warnUnused(warnings);
        List<PlanCondition> servedElsewhere = List.of();
        if (olmSteps.crossNamespace() instanceof CrossNamespaceVerdict.AlreadyServed served) {
            // The operator already serves the namespace from another: nothing of this plan is needed.
            servedElsewhere = List.of(ServedElsewhere.condition(served));
            notNeeded(steps, planned, ServedElsewhere.STEP_PREFIX + served.message(), ServedElsewhere.STEP_PREFIX
                    + "the operator already serves " + request.targetNamespace() + " from namespace "
                    + served.copy().fromNamespace());
        }

        PlanVerdict verdict = PlanVerdict.of(steps);
        InstallPlan plan = new InstallPlan(
                metadata(request, csvName, packageName, sourceNamespace, steps, csvMode, converted),
                new InstallPlan.Spec(request.approval().wireName(), request.approval() == Approval.AUTOMATIC,
                        List.of(csvName)),
                PlanStatuses.initial(steps, verdict, withConditions(request, csvMode.conditions(expansion.detail()),
                        ConversionNotes.conditions(converted), dependencies.condition().stream().toList(),
                        servedElsewhere, request.config().condition().stream().toList()),
                        dependencies.statuses()));
        // With a name refused, the objects' warnings would only repeat it: its errors are the answer.
        Diagnostics diagnostics = nameProblems.hasErrors() ? new Diagnostics(warnings.toDiagnostics().errors())
                : warnings.toDiagnostics();
        return new PlanResult(PlannedInstall.of(plan, planned), diagnostics, verdict);
    }

    /**
     * The CSV's step failed with the unmet dependencies, unless they are ignored: OLM's resolver
     * installs nothing of a bundle whose dependencies are unmet, and the CSV stands for the bundle.
     * A CSV step that already fails keeps its reason first.
     */
    private static Step withDependencyFailure(Step step, Manifest applied, DependencyReport dependencies) {
        Optional<String> failure = dependencies.failure();
        if (failure.isEmpty() || !applied.groupKind().isCsv()) {
            return step;
        }
        return step.withStatus(StepStatus.FAILED, step.status() == StepStatus.FAILED && step.message() != null
                ? step.message() + "; " + failure.get() : failure.get());
    }

    /**
     * In OLM mode with a CSV mode named (docs/semantics.md §6): the OperatorGroup and the RBAC of
     * OLM's InstallPlan, unless the CSV is rendered or kept out by an exclusion rule.
     */
    private static OlmModeSteps olmSteps(CsvModeChoice csvMode, Bundle bundle, PlanRequest request) {
        if (request.csvMode() == null || csvMode.renders()
                || ExclusionReasons.of(List.of(bundle.csv()), request.exclusions()).get(bundle.csv()).isPresent()) {
            return OlmModeSteps.none();
        }
        return OlmModeSteps.of(bundle, request.targetNamespace(), request.renderOptions(), request.olmCluster());
    }

    /**
     * The OperatorGroup step's decision, and the CSV's unmet requirements, over what the
     * predictor found; a step the predictor already failed or left out keeps its prediction.
     */
    private static OutcomePredictor.Prediction olmPrediction(OlmModeSteps olmSteps, Manifest manifest,
            Manifest applied, OutcomePredictor.Prediction prediction, ApiSurface surface, PlanRequest request) {
        // A prediction already made (an unserved API, an object the server would refuse) stands.
        if (!olmSteps.active() || prediction.status() != StepStatus.UNKNOWN || prediction.message() != null) {
            return prediction;
        }
        Optional<OperatorGroupChoice> operatorGroup = olmSteps.operatorGroupOf(manifest);
        if (operatorGroup.isPresent()) {
            return new OutcomePredictor.Prediction(operatorGroup.get().status(), operatorGroup.get().message());
        }
        if (applied.groupKind().isCsv()) {
            // A CSV OLM takes for a copy is skipped before anything else is looked at.
            Optional<String> copy = CopiedCsvMarks.copyReason(applied, request.targetNamespace());
            if (copy.isPresent()) {
                return new OutcomePredictor.Prediction(StepStatus.FAILED, copy.get());
            }
            // OLM looks at the other namespaces' OperatorGroups before it checks the requirements.
            CrossNamespaceVerdict across = olmSteps.crossNamespace();
            if (across instanceof CrossNamespaceVerdict.Refused refused) {
                return new OutcomePredictor.Prediction(StepStatus.FAILED, refused.message());
            }
            List<String> unmet = CsvRequirements.unmet(applied, surface, request.olmCluster().kubernetesVersion());
            if (!unmet.isEmpty()) {
                return new OutcomePredictor.Prediction(StepStatus.FAILED, "RequirementsNotMet: OLM would not install "
                        + applied.name() + ": " + String.join("; ", unmet));
            }
            if (across instanceof CrossNamespaceVerdict.Assumed assumed) {
                return new OutcomePredictor.Prediction(StepStatus.UNKNOWN, assumed.note());
            }
        }
        if (olmSteps.isGenerated(manifest)) {
            return new OutcomePredictor.Prediction(StepStatus.UNKNOWN, OlmNotes.GENERATED);
        }
        return prediction;
    }

    /**
     * The CSV step's prediction saying that the CSV carries the operator's configuration, unless
     * it already says why it will fail: a note, which predicts nothing (docs/semantics.md §10).
     */
    private static OutcomePredictor.Prediction configured(OutcomePredictor.Prediction prediction, ConfigRequest config) {
        Optional<String> note = config.stepNote();
        String message = prediction.message();
        if (note.isEmpty() || prediction.status() != StepStatus.UNKNOWN
                || message != null && !OlmNotes.isNoteOnly(message)) {
            return prediction;
        }
        return new OutcomePredictor.Prediction(prediction.status(), OlmNotes.PREFIX + note.get()
                + (message == null ? "" : "; " + message));
    }

    /**
     * Every step {@code NotCreated}, so that none is ever sent: the CSV's with the whole story, the
     * others with the short of it.
     */
    private static void notNeeded(List<Step> steps, List<PlannedStep> planned, String csvMessage, String message) {
        for (int i = 0; i < steps.size(); i++) {
            Step before = steps.get(i);
            Step step = before.withStatus(StepStatus.NOT_CREATED,
                    before.resource().groupKind().isCsv() ? csvMessage : message);
            steps.set(i, step);
            PlannedStep plannedStep = planned.get(i);
            planned.set(i, new PlannedStep(step, plannedStep.object(), plannedStep.source()));
        }
    }

    /**
     * OLM's {@code sourceName}/{@code sourceNamespace} name the CatalogSource a bundle was resolved
     * from. A bundle read from disk has none: the package stands in for the source's name, and the
     * namespace is empty (no CatalogSource object exists anywhere). Where the bundle really came
     * from is the step's own {@code bundlectl.dev/source}.
     */
    private static StepResource resource(Manifest manifest, String namespace, String packageName, PlanUse use) {
        return new StepResource(manifest.group(), manifest.version(), manifest.kind(), manifest.name(), namespace,
                packageName, StepResource.NO_CATALOG_NAMESPACE, ManifestJson.forStep(manifest.body(), use));
    }

    /**
     * The JSON the object checks measure: the step's manifest, or null when a plan made for its
     * verdict carries none, and the checks then size the object itself.
     */
    private static String sentJson(StepResource resource, PlanUse use) {
        return use == PlanUse.DOCUMENT ? resource.manifest() : null;
    }

    /** The request with these conditions added to its extra conditions, for the plan's status. */
    @SafeVarargs
    private static PlanRequest withConditions(PlanRequest request, List<PlanCondition>... added) {
        List<PlanCondition> conditions = new ArrayList<>(request.extraConditions());
        for (List<PlanCondition> more : added) {
            conditions.addAll(more);
        }
        if (conditions.size() == request.extraConditions().size()) {
            return request;
        }
        return request.withCapabilities(request.capabilities(), conditions);
    }

    /** The bundle with these manifests (its own, some converted) in place of its own. */
    private static Bundle withManifests(Bundle bundle, List<Manifest> manifests) {
        return bundle.withManifests(manifests);
    }

    /** The bundle's manifests, with its CSV in front if the manifest list lacks it. */
    private static List<Manifest> withCsv(Bundle bundle) {
        for (Manifest manifest : bundle.manifests()) {
            // The bundle has one CSV (the reader sees to it), so a CSV of the same name is it, copied
            // or converted; comparing whole manifests would cost more and say no more.
            if (manifest == bundle.csv() || manifest.groupKind().isCsv() && manifest.name().equals(bundle.csv().name())) {
                return bundle.manifests();
            }
        }
        List<Manifest> all = new ArrayList<>(bundle.manifests().size() + 1);
        all.add(bundle.csv());
        all.addAll(bundle.manifests());
        return all;
    }

    private static InstallPlan.Metadata metadata(PlanRequest request, String csvName, String packageName,
            String sourceNamespace, List<Step> steps, CsvModeChoice csvMode, ManifestConversions converted) {
        Map<String, String> annotations = new LinkedHashMap<>();
        annotations.put(PlanAnnotations.BUNDLE_PATH, sourceNamespace);
        if (request.use() == PlanUse.DOCUMENT) {
            annotations.put(PlanAnnotations.BUNDLE_DIGEST, BundleDigest.of(steps));
        }
        annotations.put(PlanAnnotations.PACKAGE, packageName);
        annotations.put(PlanAnnotations.API_SURFACE, request.apiSurface().description());
        csvMode.annotate(annotations);
        ConversionNotes.annotate(annotations, converted);
        if (request.dependencies().ignored()) {
            annotations.put(PlanAnnotations.IGNORE_DEPENDENCIES, "true");
        }
        String name = request.planName() != null ? request.planName() : PlanNames.defaultFor(csvName);
        return new InstallPlan.Metadata(name, request.targetNamespace(), annotations);
    }

    /**
     * Warns when two steps would write the same object: the later one overwrites the earlier.
     * Identical duplicates were already merged by the reader; these differ.
     */
    private static final class DuplicateObjects {
        private final Map<ObjectKey, Manifest> seen = new HashMap<>();

        void check(Manifest manifest, String namespace, Diagnostics.Collector warnings) {
            ObjectKey key = new ObjectKey(manifest.groupKind(), namespace, manifest.name());
            Manifest earlier = seen.putIfAbsent(key, manifest);
            if (earlier != null) {
                warnings.warning(manifest.source(), manifest.displayName(), null,
                        "the same object is also defined in " + earlier.source() + "; this later step overwrites it");
            }
        }

        /** One object on the cluster, whatever version it is written at. */
        private record ObjectKey(GroupKind groupKind, String namespace, String name) {
            // Field by field, as the record's own; written out so that no record's invokedynamic
            // bootstrap runs in a plan (see GroupKind#equals for why).
            @Override
            public boolean equals(Object other) {
                return other instanceof ObjectKey that && groupKind.equals(that.groupKind)
                        && Objects.equals(namespace, that.namespace) && Objects.equals(name, that.name);
            }

            @Override
            public int hashCode() {
                return (groupKind.hashCode() * 31 + Objects.hashCode(namespace)) * 31 + Objects.hashCode(name);
            }
        }
    }
}
