package dev.bundlectl.plan.planned;

import java.util.function.Predicate;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.yaml.JsonTrees;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.StepSource;
import dev.bundlectl.plan.payload.ReleaseAnnotationValidator;
import dev.bundlectl.plan.payload.StepManifests;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A plan as the executor receives it: the InstallPlan document (printed and stored as OLM shows
 * it), its steps as {@link PlannedStep}s with their objects parsed and their provenance, and for a
 * release payload its {@link PayloadOrder}. The planner makes one directly from the manifests it
 * read; a stored plan (a {@code --plan-file}) is {@linkplain #read read} into one once, at the
 * command line's edge. Nothing downstream parses a step's manifest again.
 *
 * @param plan the document; its steps are {@code steps}' steps, in order
 * @param steps one per step of the document, same order
 * @param payloadOrder a payload plan's run graphs; null for a bundle's plan, and for a payload
 *     plan whose release annotations are invalid (such a plan is never applied)
 */
public record PlannedInstall(InstallPlan plan, List<PlannedStep> steps, PayloadOrder payloadOrder) {

    public PlannedInstall {
        Objects.requireNonNull(plan, "plan");
        steps = List.copyOf(steps);
        if (steps.size() != plan.steps().size()) {
            throw new IllegalArgumentException("the plan has " + plan.steps().size() + " steps but "
                    + steps.size() + " planned steps were given");
        }
    }

    /**
     * The planned install of a document and the planned steps made with it; each planned step
     * takes the document's version of its step (statuses may have been set since).
     *
     * @throws IllegalArgumentException when a step's manifest differs from its planned step's
     */
    public static PlannedInstall of(InstallPlan plan, List<PlannedStep> planned) {
        List<PlannedStep> bound = bind(plan, planned);
        return new PlannedInstall(plan, bound, PlanLayout.isPayload(plan) ? payloadOrder(bound) : null);
    }

    /**
     * Reads a stored plan into planned steps: each manifest is parsed once, here. A step with its
     * {@code bundlectl.dev/source} keeps it. A plan written before that field existed is still
     * read: there a payload step's {@code sourceName} is its file (documents counted per file in
     * plan order), and a bundle step's {@code sourceNamespace} its bundle and {@code sourceName}
     * its package.
     *
     * @throws IllegalArgumentException naming the step whose manifest is not a JSON object
     */
    public static PlannedInstall read(InstallPlan plan) {
        List<Step> steps = plan.steps();
        Map<Integer, ObjectNode> bodies = new LinkedHashMap<>();
        for (int index = 0; index < steps.size(); index++) {
            bodies.put(index, parse(index, steps.get(index).resource()));
        }
        Map<Integer, Manifest> located = StepManifests.of(steps, bodies);
        boolean payload = PlanLayout.isPayload(plan);
        List<PlannedStep> planned = new ArrayList<>(steps.size());
        for (int index = 0; index < steps.size(); index++) {
            Step step = steps.get(index);
            StepSource source = step.source() != null ? step.source()
                    : legacySource(step.resource(), located.get(index), payload);
            planned.add(new PlannedStep(step, bodies.get(index), source));
        }
        return new PlannedInstall(plan, planned, payload ? payloadOrder(planned) : null);
    }

    /**
     * This install under another version of its document: new annotations, statuses or target
     * namespaces, the same objects.
     *
     * @throws IllegalArgumentException when the document's steps carry other manifests
     */
    public PlannedInstall withPlan(InstallPlan newPlan) {
        return new PlannedInstall(newPlan, bind(newPlan, steps), payloadOrder);
    }

    /**
     * This install under another version of its document in which the steps {@code fromDocument}
     * picks may carry other objects (a reviewed plan's OperatorGroup step, which depends on the
     * cluster the reviewer planned against): those take their object from the document's manifest,
     * the rest must carry the planned ones.
     *
     * @throws IllegalArgumentException when another step's manifest differs, or a picked one is not JSON
     */
    public PlannedInstall withPlan(InstallPlan newPlan, Predicate<Step> fromDocument) {
        List<PlannedStep> rebound = new ArrayList<>(steps.size());
        for (int index = 0; index < steps.size() && index < newPlan.steps().size(); index++) {
            Step step = newPlan.steps().get(index);
            PlannedStep earlier = steps.get(index);
            rebound.add(fromDocument.test(step) ? new PlannedStep(step, parsed(step), earlier.source()) : earlier);
        }
        return new PlannedInstall(newPlan, bind(newPlan, rebound.size() == steps.size() ? rebound : steps),
                payloadOrder);
    }

    private static ObjectNode parsed(Step step) {
        try {
            if (JsonTrees.read(step.resource().manifest()) instanceof ObjectNode object) {
                return object;
            }
        } catch (IOException e) {
            // Reported below, with the step named.
        }
        throw new IllegalArgumentException("step " + step.resource().displayName() + " carries no JSON object");
    }

    /** Whether this is a release payload's plan, run in run-graph order. */
    public boolean payload() {
        return PlanLayout.isPayload(plan);
    }

    /** Every step's object as a located {@link Manifest}, in step order. */
    public List<Manifest> manifests() {
        return steps.stream().map(PlannedStep::manifest).toList();
    }

    private static List<PlannedStep> bind(InstallPlan plan, List<PlannedStep> planned) {
        List<Step> steps = plan.steps();
        if (steps.size() != planned.size()) {
            throw new IllegalArgumentException("the plan has " + steps.size() + " steps but " + planned.size()
                    + " planned steps were given");
        }
        List<PlannedStep> bound = new ArrayList<>(steps.size());
        for (int index = 0; index < steps.size(); index++) {
            Step step = steps.get(index);
            PlannedStep earlier = planned.get(index);
            if (!Objects.equals(step.resource().manifest(), earlier.step().resource().manifest())) {
                throw new IllegalArgumentException("step " + (index + 1) + " (" + step.resource().displayName()
                        + ") carries another manifest than the one planned");
            }
            bound.add(earlier.withStep(step));
        }
        return bound;
    }

    /** The run graphs, unless the release annotations are invalid (then the plan is never run). */
    private static PayloadOrder payloadOrder(List<PlannedStep> steps) {
        Map<Integer, Manifest> manifests = new LinkedHashMap<>();
        for (int index = 0; index < steps.size(); index++) {
            manifests.put(index, steps.get(index).manifest());
        }
        return ReleaseAnnotationValidator.validate(List.copyOf(manifests.values())).hasErrors() ? null
                : PayloadOrder.of(manifests);
    }

    private static ObjectNode parse(int index, StepResource resource) {
        String where = "step " + (index + 1) + " (" + resource.displayName() + "): resource.manifest: ";
        String text = resource.manifest();
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException(where + "missing");
        }
        JsonNode parsed;
        try {
            parsed = JsonTrees.read(text);
        } catch (IOException e) {
            throw new IllegalArgumentException(where + "not valid JSON (" + e.getMessage() + ")", e);
        }
        if (!(parsed instanceof ObjectNode object)) {
            throw new IllegalArgumentException(where + "not a JSON object");
        }
        return object;
    }

    /** The provenance a plan from before {@code bundlectl.dev/source} kept in OLM's fields. */
    private static StepSource legacySource(StepResource resource, Manifest located, boolean payload) {
        if (payload) {
            return new StepSource(null, resource.sourceNamespace(), null, resource.sourceName(),
                    located.source().documentIndex(), null, null);
        }
        return new StepSource(resource.sourceNamespace(), null, resource.sourceName(), null, -1, null, null);
    }
}
