package dev.bundlectl.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.render.RenderLabels;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What {@code bundlectl template} prints for an installable plan: the objects an install would
 * write, in plan order, and the steps it leaves out (each NotCreated, with the plan's reason).
 *
 * @param objects the objects to apply, in plan order
 * @param leftOut the steps the plan settled as never sent, in plan order
 */
record TemplatePlan(List<TemplatedObject> objects, List<Step> leftOut) {

    /** The label naming the package. */
    static final String NAME_LABEL = "app.kubernetes.io/name";
    /** The label naming the bundle's version. */
    static final String VERSION_LABEL = "app.kubernetes.io/version";
    /** Argo CD's sync-wave annotation. */
    static final String SYNC_WAVE = "argocd.argoproj.io/sync-wave";

    private static final ObjectMapper JSON = new ObjectMapper();

    TemplatePlan {
        objects = List.copyOf(objects);
        leftOut = List.copyOf(leftOut);
    }

    /**
     * The template of {@code plan}: every step that an install sends, labelled with the package,
     * the version and {@code managedBy}; with {@code argoWaves}, annotated with sync waves that keep
     * the install's barriers (CRDs, then the operator, then the bundle's custom resources).
     */
    static TemplatePlan of(InstallPlan plan, String managedBy, boolean argoWaves) {
        Set<GroupKind> bundleKinds = crdKinds(plan);
        String version = csvVersion(plan);
        List<TemplatedObject> objects = new ArrayList<>();
        List<Step> leftOut = new ArrayList<>();
        for (Step step : plan.steps()) {
            if (step.status().isNeverSent()) {
                leftOut.add(step);
                continue;
            }
            ObjectNode object = parse(step);
            ObjectNode metadata = object.with("metadata");
            // The executor sets the namespace of a namespaced object from its step; an engine needs it written.
            if (step.resource().namespace() != null) {
                metadata.put("namespace", step.resource().namespace());
            }
            ObjectNode labels = metadata.with("labels");
            // The bundle's own name and version labels stand (selectors and dashboards may read them):
            // the template adds them only where the bundle has none, so the content is the install's.
            // managed-by is the engine's: an object bundlectl's uninstall or gc must never take as its own.
            if (!labels.has(NAME_LABEL)) {
                labels.put(NAME_LABEL, step.resource().sourceName());
            }
            if (version != null && !labels.has(VERSION_LABEL)) {
                labels.put(VERSION_LABEL, version);
            }
            labels.put(RenderLabels.MANAGED_BY, managedBy);
            if (argoWaves) {
                metadata.with("annotations").put(SYNC_WAVE, wave(step, bundleKinds));
            }
            objects.add(new TemplatedObject(step, object));
        }
        return new TemplatePlan(objects, leftOut);
    }

    /** Plans templated one after another (a catalog's dependencies, then its choice), as one. */
    static TemplatePlan join(List<TemplatePlan> plans) {
        if (plans.size() == 1) {
            return plans.get(0);
        }
        List<TemplatedObject> objects = new java.util.ArrayList<>();
        List<Step> leftOut = new java.util.ArrayList<>();
        for (TemplatePlan plan : plans) {
            objects.addAll(plan.objects());
            leftOut.addAll(plan.leftOut());
        }
        return new TemplatePlan(objects, leftOut);
    }

    /** CRDs first, the bundle's custom resources after the operator, everything else between. */
    private static String wave(Step step, Set<GroupKind> bundleKinds) {
        if (step.resource().groupKind().isCrd()) {
            return "-1";
        }
        return bundleKinds.contains(step.resource().groupKind()) ? "1" : "0";
    }

    /** The kinds the plan's own CRDs define: objects of these kinds are the bundle's custom resources. */
    private static Set<GroupKind> crdKinds(InstallPlan plan) {
        Set<GroupKind> kinds = new HashSet<>();
        for (Step step : plan.steps()) {
            if (step.resource().groupKind().isCrd()) {
                JsonNode spec = parse(step).path("spec");
                kinds.add(new GroupKind(spec.path("group").asText(), spec.path("names").path("kind").asText()));
            }
        }
        return kinds;
    }

    /** The version of the plan's CSV ({@code spec.version}), or null when it has none. */
    private static String csvVersion(InstallPlan plan) {
        for (Step step : plan.steps()) {
            if (step.resource().groupKind().isCsv()) {
                JsonNode version = parse(step).path("spec").path("version");
                return version.isTextual() ? version.asText() : null;
            }
        }
        return null;
    }

    private static ObjectNode parse(Step step) {
        try {
            return (ObjectNode) JSON.readTree(step.resource().manifest());
        } catch (JsonProcessingException | ClassCastException e) {
            // The planner wrote this manifest from an object it parsed, so it always reads back.
            throw new IllegalStateException(step.resource().displayName() + ": manifest is not a JSON object", e);
        }
    }
}
