package dev.bundlectl.plan.olm;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.render.CsvInstallModes;
import dev.bundlectl.render.InstallModeType;
import dev.bundlectl.render.RenderLabels;
import dev.bundlectl.render.RenderOptions;
import dev.bundlectl.render.RenderProblem;
import dev.bundlectl.render.ResolvedInstallMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The OperatorGroup step of an OLM-mode plan (docs/semantics.md §6). OLM installs a CSV only in a
 * namespace with exactly one OperatorGroup whose targets are an install mode the CSV supports:
 * <ul>
 *   <li>exactly one that fits: it is used as it is ({@code Present}, never sent);</li>
 *   <li>none: one named after the namespace is created, targeting what {@code --install-mode}
 *       and {@code --watch-namespace} choose (AllNamespaces when the CSV supports it, else
 *       OwnNamespace); one that bundlectl created before is applied again;</li>
 *   <li>two or more ({@code TooManyOperatorGroups}), or one whose mode the CSV does not support
 *       ({@code UnsupportedOperatorGroup}): the step fails, so nothing is written;</li>
 *   <li>offline: the step is {@code Unknown} and says what it assumed.</li>
 * </ul>
 *
 * @param manifest the OperatorGroup to apply, or (when {@code Present}) the one found
 * @param status the predicted status: {@code Unknown} (to apply), {@code Present} or {@code Failed}
 * @param message what was decided and why; never null
 */
public record OperatorGroupChoice(Manifest manifest, StepStatus status, String message) {

    /** The OperatorGroup API bundlectl writes. */
    public static final String API_VERSION = "operators.coreos.com/v1";
    /** The kind. */
    public static final String KIND = "OperatorGroup";

    /** Whether {@code step} is an OLM-mode plan's OperatorGroup step. */
    public static boolean isStep(Step step) {
        return step.resource().groupKind().isOperatorGroup();
    }

    /**
     * Decides the step.
     *
     * @param csv the bundle's CSV (for its install modes, and as the step's source)
     * @param namespace the install namespace
     * @param options {@code --install-mode} and {@code --watch-namespace}
     * @param cluster the namespace's OperatorGroups, when read
     */
    public static OperatorGroupChoice of(Manifest csv, String namespace, RenderOptions options, OlmCluster cluster) {
        CsvInstallModes modes = CsvInstallModes.of(csv);
        if (cluster.operatorGroups().isEmpty()) {
            return create(csv, namespace, options, modes, OlmNotes.PREFIX + "offline, so assumed that " + namespace
                    + " has no OperatorGroup: one is created");
        }
        List<ExistingOperatorGroup> found = cluster.operatorGroups().get();
        if (found.size() > 1) {
            String names = found.stream().map(ExistingOperatorGroup::name).sorted().collect(Collectors.joining(", "));
            return new OperatorGroupChoice(operatorGroup(csv, namespace, namespace, List.of(), false), StepStatus.FAILED,
                    "TooManyOperatorGroups: namespace " + namespace + " has " + found.size() + " OperatorGroups ("
                            + names + "); OLM installs a CSV only where there is exactly one");
        }
        if (found.isEmpty()) {
            return create(csv, namespace, options, modes, OlmNotes.PREFIX + "no OperatorGroup in " + namespace
                    + ", so one is created");
        }
        ExistingOperatorGroup existing = found.get(0);
        if (existing.madeByBundlectl() && existing.name().equals(namespace)) {
            return create(csv, namespace, options, modes, OlmNotes.PREFIX + "made by an earlier install, applied again");
        }
        InstallModeType mode = CsvInstallModes.modeOf(namespace, existing.targetNamespaces());
        String targets = describe(mode, existing.targetNamespaces());
        Manifest manifest = operatorGroup(csv, existing.name(), namespace, existing.targetNamespaces(), false);
        if (!modes.supports(mode)) {
            return new OperatorGroupChoice(manifest, StepStatus.FAILED, "UnsupportedOperatorGroup: OperatorGroup "
                    + existing.name() + " in " + namespace + " targets " + targets + ", which " + modes.csvName()
                    + " does not support (" + modes.supportedList() + ")");
        }
        return new OperatorGroupChoice(manifest, StepStatus.PRESENT, "the namespace's OperatorGroup, targeting "
                + targets + ", which " + modes.csvName() + " supports; used as it is");
    }

    /**
     * The namespaces the group targets, as its step's object says: none for all namespaces, a
     * selector's choice where OLM has written it.
     */
    public List<String> targets() {
        List<String> targets = new ArrayList<>();
        manifest.body().path("spec").path("targetNamespaces").forEach(target -> targets.add(target.asText()));
        return targets;
    }

    private static OperatorGroupChoice create(Manifest csv, String namespace, RenderOptions options,
            CsvInstallModes modes, String why) {
        CsvInstallModes.Chosen chosen = modes.choose(namespace, options);
        if (chosen instanceof CsvInstallModes.Chosen.Refused refused) {
            return new OperatorGroupChoice(operatorGroup(csv, namespace, namespace, List.of(), true), StepStatus.FAILED,
                    "no OperatorGroup fits: " + refused.problems().stream().map(RenderProblem::toString)
                            .collect(Collectors.joining("; ")));
        }
        ResolvedInstallMode mode = ((CsvInstallModes.Chosen.Mode) chosen).mode();
        return new OperatorGroupChoice(operatorGroup(csv, namespace, namespace, mode.targetNamespaces(), true),
                StepStatus.UNKNOWN, why + " for " + mode.describe());
    }

    /** {@code AllNamespaces}, or {@code OwnNamespace (team-a)}. */
    private static String describe(InstallModeType mode, List<String> targets) {
        return mode == InstallModeType.ALL_NAMESPACES ? mode.wireName()
                : mode.wireName() + " (" + String.join(", ", targets) + ")";
    }

    /**
     * The OperatorGroup object. AllNamespaces is an empty spec, as OLM reads it; the created one
     * carries bundlectl's managed-by label, which tells a later run that it is bundlectl's own.
     */
    private static Manifest operatorGroup(Manifest csv, String name, String namespace, List<String> targets,
            boolean ours) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        ObjectNode body = nodes.objectNode();
        body.put("apiVersion", API_VERSION);
        body.put("kind", KIND);
        ObjectNode metadata = body.putObject("metadata");
        metadata.put("name", name);
        metadata.put("namespace", namespace);
        if (ours) {
            metadata.putObject("labels").put(RenderLabels.MANAGED_BY, RenderLabels.MANAGED_BY_VALUE);
        }
        ObjectNode spec = body.putObject("spec");
        if (!targets.isEmpty()) {
            targets.forEach(spec.putArray("targetNamespaces")::add);
        }
        return new Manifest(csv.source(), API_VERSION, KIND, name, namespace, Map.of(), body);
    }
}
