package dev.bundlectl.plan.upgrade;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.yaml.JsonTrees;
import dev.bundlectl.plan.CsvMode;
import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.olm.OlmNotes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The CSV's {@code spec.replaces} as OLM's InstallPlan writes it (docs/semantics.md §9): the CSV
 * installed in the namespace, whatever edge (replaces, skips, skipRange, --force) reached it, and
 * nothing on a first install. OLM's CSV controller replaces only the CSV named there; any other
 * CSV of the namespace that owns the same CRDs is an owner conflict, so a CSV applied as the bundle
 * wrote it fails every upgrade made over {@code skips} or {@code olm.skipRange}.
 *
 * <p>Only a CSV applied for OLM is rewritten (not in render mode, where nothing applies it). The
 * bundle's own value (and where the field stood) is kept in the plan's
 * {@value #BUNDLE_REPLACES_ANNOTATION} annotation, so that
 * {@link #asBundleWroteIt} gives back the bundle's plan, which reviewed plans are compared with.
 */
public final class ReplacedCsv {

    /** The plan annotation holding the bundle's own {@code spec.replaces} ("" for none) once rewritten. */
    public static final String BUNDLE_REPLACES_ANNOTATION = "bundlectl.dev/bundle-replaces";

    /** Separates the recorded name from the field's position; a CSV name never holds it. */
    private static final String POSITION = "#";

    private ReplacedCsv() {
    }

    /**
     * The plan with its CSV's {@code spec.replaces} naming {@code installedCsv} (removed when null),
     * and the CSV step saying so when that differs from the bundle's; the plan as it is in render
     * mode, without a CSV step, or when the CSV already says so.
     */
    public static InstallPlan naming(InstallPlan plan, String installedCsv) {
        if (CsvMode.RENDER.wireName().equals(plan.metadata().annotations().get(PlanAnnotations.CSV_MODE))) {
            return plan;
        }
        int index = csvIndex(plan);
        if (index < 0) {
            return plan;
        }
        Step csv = plan.steps().get(index);
        ObjectNode object = parse(csv.resource().manifest());
        if (object == null) {
            return plan;
        }
        boolean rewritten = plan.metadata().annotations().containsKey(BUNDLE_REPLACES_ANNOTATION);
        String recorded = rewritten ? plan.metadata().annotations().get(BUNDLE_REPLACES_ANNOTATION)
                : recorded(object);
        String bundles = bundlesValue(recorded);
        if (Objects.equals(bundles, installedCsv) && !rewritten) {
            return plan;
        }
        set(object, installedCsv, -1);
        String message = withoutNote(csv.message(), plan);
        // A step that already says why it will fail keeps saying only that: the note is for steps that go ahead.
        String note = message != null && !OlmNotes.isNoteOnly(message) ? null : note(bundles, installedCsv);
        Step step = csv.withResource(csv.resource().withManifest(JsonTrees.compact(object)));
        step = step.withStatus(step.status(), note == null ? message : message == null ? note : message + "; " + note);
        Map<String, String> annotations = new LinkedHashMap<>(plan.metadata().annotations());
        annotations.put(BUNDLE_REPLACES_ANNOTATION, recorded);
        return withStep(plan, index, step, annotations);
    }

    /** The plan with its CSV as the bundle wrote it: the inverse of {@link #naming}. */
    public static InstallPlan asBundleWroteIt(InstallPlan plan) {
        if (!plan.metadata().annotations().containsKey(BUNDLE_REPLACES_ANNOTATION)) {
            return plan;
        }
        String recorded = plan.metadata().annotations().get(BUNDLE_REPLACES_ANNOTATION);
        Map<String, String> annotations = new LinkedHashMap<>(plan.metadata().annotations());
        annotations.remove(BUNDLE_REPLACES_ANNOTATION);
        int index = csvIndex(plan);
        if (index < 0) {
            return withStep(plan, -1, null, annotations);
        }
        Step csv = plan.steps().get(index);
        ObjectNode object = parse(csv.resource().manifest());
        if (object == null) {
            return withStep(plan, -1, null, annotations);
        }
        set(object, bundlesValue(recorded), positionOf(recorded));
        Step restored = csv.withResource(csv.resource().withManifest(JsonTrees.compact(object)));
        restored = restored.withStatus(restored.status(), withoutNote(csv.message(), plan));
        return withStep(plan, index, restored, annotations);
    }

    /**
     * The bundle's {@code spec.replaces} as the annotation records it: "" for none, the name, and
     * the field's position among {@code spec}'s ({@code NAME#3}), so that the bundle's CSV comes
     * back byte for byte once the field was removed.
     */
    private static String recorded(JsonNode csv) {
        JsonNode spec = csv.path("spec");
        JsonNode replaces = spec.path("replaces");
        if (!replaces.isTextual()) {
            return "";
        }
        int position = 0;
        for (java.util.Iterator<String> names = spec.fieldNames(); names.hasNext(); position++) {
            if (names.next().equals("replaces")) {
                break;
            }
        }
        return replaces.asText() + POSITION + position;
    }

    private static String bundlesValue(String recorded) {
        int at = recorded.lastIndexOf(POSITION);
        String name = at < 0 ? recorded : recorded.substring(0, at);
        return name.isBlank() ? null : name;
    }

    private static int positionOf(String recorded) {
        int at = recorded.lastIndexOf(POSITION);
        try {
            return at < 0 ? -1 : Integer.parseInt(recorded.substring(at + 1));
        } catch (NumberFormatException e) {
            // A hand-edited annotation: the field goes last.
            return -1;
        }
    }

    /** Why the CSV's {@code spec.replaces} is not the bundle's; null when it is. */
    private static String note(String bundles, String installed) {
        if (Objects.equals(bundles, installed)) {
            return null;
        }
        if (installed == null) {
            return OlmNotes.PREFIX + "spec.replaces left empty (the bundle names " + bundles + "): OLM's InstallPlan writes none on a "
                    + "first install";
        }
        return OlmNotes.PREFIX + "spec.replaces is " + installed + ", the CSV installed in the namespace"
                + (bundles == null ? " (the bundle names none)" : " (the bundle names " + bundles + ")")
                + ": OLM replaces only the CSV named there, as its InstallPlan writes it";
    }

    /** The CSV step's message without the note {@link #naming} added. */
    private static String withoutNote(String message, InstallPlan plan) {
        if (message == null || !plan.metadata().annotations().containsKey(BUNDLE_REPLACES_ANNOTATION)) {
            return message;
        }
        int at = message.indexOf(OlmNotes.PREFIX + "spec.replaces ");
        if (at < 0) {
            return message;
        }
        String before = message.substring(0, at);
        return before.isEmpty() ? null : before.endsWith("; ") ? before.substring(0, before.length() - 2) : before;
    }

    /** Sets (in place when present, else at {@code position}, else last) or removes the field. */
    private static void set(ObjectNode csv, String replaces, int position) {
        ObjectNode spec = csv.get("spec") instanceof ObjectNode present ? present : csv.putObject("spec");
        if (replaces == null) {
            spec.remove("replaces");
            return;
        }
        if (spec.has("replaces") || position < 0 || position >= spec.size()) {
            spec.put("replaces", replaces);
            return;
        }
        // Jackson keeps a tree's field order: the fields are laid out again with this one in its place.
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        spec.fields().forEachRemaining(field -> fields.put(field.getKey(), field.getValue()));
        spec.removeAll();
        int index = 0;
        for (Map.Entry<String, JsonNode> field : fields.entrySet()) {
            if (index++ == position) {
                spec.put("replaces", replaces);
            }
            spec.set(field.getKey(), field.getValue());
        }
    }

    private static int csvIndex(InstallPlan plan) {
        for (int index = 0; index < plan.steps().size(); index++) {
            Step step = plan.steps().get(index);
            if (UpgradeEdges.isCsv(step) && (step.action() == null || !step.action().previousInstallOnly())) {
                return index;
            }
        }
        return -1;
    }

    private static InstallPlan withStep(InstallPlan plan, int index, Step step, Map<String, String> annotations) {
        List<Step> steps = new ArrayList<>(plan.steps());
        if (index >= 0) {
            steps.set(index, step);
        }
        InstallPlan.Status status = plan.status();
        return new InstallPlan(plan.apiVersion(), plan.kind(),
                new InstallPlan.Metadata(plan.metadata().name(), plan.metadata().namespace(), annotations),
                plan.spec(), new InstallPlan.Status(status.phase(), status.conditions(), steps, status.startTime(),
                        status.completionTime(), status.message(), status.capabilities(), status.dependencies()));
    }

    private static ObjectNode parse(String manifest) {
        if (manifest == null) {
            return null;
        }
        try {
            return JsonTrees.read(manifest) instanceof ObjectNode object ? object : null;
        } catch (IOException e) {
            // The planner wrote this JSON; a step without it has nothing to rewrite.
            return null;
        }
    }

}
