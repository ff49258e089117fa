package dev.bundlectl.plan;

import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.plan.model.ManifestExclusion;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.model.Step;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.config.ConfigInjection;
import dev.bundlectl.plan.config.ConfigRequest;
import dev.bundlectl.render.CsvRenderer;
import dev.bundlectl.render.RenderOutcome;
import dev.bundlectl.render.RenderProblem;
import dev.bundlectl.render.RenderRequest;
import dev.bundlectl.render.RenderedObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The CSV in {@code --csv-mode render}: its step stays in the plan but is not applied (there is
 * no OLM API to apply it to), and the objects rendered from it follow as its children. When the
 * CSV cannot be rendered its step fails with the reasons, and each reason is also an error
 * diagnostic naming the CSV field, so the user gets a one-line error before anything is applied.
 * CRDs that a conversion webhook needs are applied in their patched form.
 */
final class CsvExpansion {

    /** No rendering: the CSV is planned as any other step. */
    static final CsvExpansion NONE = new CsvExpansion(null, null, ConfigRequest.NONE);

    private static final String MODE_NOTE = " (csv-mode render)";

    private final Manifest csv;
    private final RenderOutcome outcome;
    private final ConfigRequest config;

    private CsvExpansion(Manifest csv, RenderOutcome outcome, ConfigRequest config) {
        this.csv = csv;
        this.outcome = outcome;
        this.config = config;
    }

    /**
     * Renders the bundle's CSV when the choice says so and no exclusion rule keeps the CSV out
     * (an excluded CSV stays an ordinary {@code NotCreated} step).
     */
    static CsvExpansion of(CsvModeChoice choice, Bundle bundle, PlanRequest request, Diagnostics.Collector diagnostics) {
        Manifest csv = bundle.csv();
        if (!choice.renders() || excluded(csv, request.exclusions())) {
            return NONE;
        }
        RenderOutcome outcome = new CsvRenderer().render(csv, bundle.manifests(),
                RenderRequest.of(request.targetNamespace(), request.renderOptions()));
        if (outcome instanceof RenderOutcome.Refused) {
            for (RenderProblem problem : ((RenderOutcome.Refused) outcome).problems()) {
                diagnostics.error(csv.source(), csv.displayName(), problem.field(), "csv-mode render: "
                        + problem.message());
            }
        }
        ConfigRequest config = request.config();
        config.proxyProblem().ifPresent(problem -> diagnostics.error(csv.source(), csv.displayName(), null,
                "csv-mode render: " + problem));
        return new CsvExpansion(csv, configured((RenderOutcome) outcome, config, diagnostics), config);
    }

    /**
     * The rendered Deployments with the operator's configuration and the cluster's proxy in them,
     * as OLM puts a Subscription's into the Deployments it creates (docs/semantics.md §10); each
     * mount of the configuration that names no volume is an error.
     */
    private static RenderOutcome configured(RenderOutcome outcome, ConfigRequest config,
            Diagnostics.Collector diagnostics) {
        ConfigInjection injection = config.injection(true);
        if (!(outcome instanceof RenderOutcome.Rendered rendered) || injection.changesNothing()) {
            return outcome;
        }
        List<RenderedObject> objects = new ArrayList<>(rendered.objects().size());
        for (RenderedObject object : rendered.objects()) {
            if (!GroupKind.DEPLOYMENT.hasKind(object.kind()) || !object.apiVersion().equals("apps/v1")) {
                objects.add(object);
                continue;
            }
            ObjectNode body = object.body().deepCopy();
            injection.intoDeployment(body);
            config.checkMounts((ObjectNode) body.path("spec"), object.name(), diagnostics);
            objects.add(new RenderedObject(body, object.namespace()));
        }
        return new RenderOutcome.Rendered(rendered.installMode(), objects, rendered.patchedCrds());
    }

    private static boolean excluded(Manifest csv, List<ManifestExclusion> rules) {
        return rules.stream().anyMatch(rule -> rule.reason(csv).filter(reason -> !reason.isBlank()).isPresent());
    }

    /** These manifests with the CRDs a conversion webhook needs replaced by their patched form. */
    List<Manifest> withPatchedCrds(List<Manifest> manifests) {
        if (!(outcome instanceof RenderOutcome.Rendered)) {
            return manifests;
        }
        Map<String, ObjectNode> patched = ((RenderOutcome.Rendered) outcome).patchedCrds();
        if (patched.isEmpty()) {
            return manifests;
        }
        List<Manifest> result = new ArrayList<>(manifests.size());
        for (Manifest manifest : manifests) {
            ObjectNode body = GroupKind.CUSTOM_RESOURCE_DEFINITION.hasKind(manifest.kind()) ? patched.get(manifest.name()) : null;
            result.add(body == null ? manifest : withBody(manifest, body));
        }
        return result;
    }

    private static Manifest withBody(Manifest manifest, ObjectNode body) {
        Map<String, String> annotations = new LinkedHashMap<>();
        body.path("metadata").path("annotations").properties()
                .forEach(entry -> annotations.put(entry.getKey(), entry.getValue().asText()));
        return new Manifest(manifest.source(), manifest.apiVersion(), manifest.kind(), manifest.name(),
                manifest.namespace(), annotations, body);
    }

    /** Whether this manifest is the CSV that this expansion replaces. */
    boolean expands(Manifest manifest) {
        return csv != null && (manifest == csv || manifest.equals(csv));
    }

    /** The CSV's own step: not created when rendered, failed when it cannot be. */
    Step csvStep(Step planned) {
        if (outcome instanceof RenderOutcome.Rendered) {
            int count = ((RenderOutcome.Rendered) outcome).objects().size();
            return planned.withStatus(StepStatus.NOT_CREATED,
                    "rendered into " + count + (count == 1 ? " object" : " objects") + MODE_NOTE
                            + config.stepNote().map(note -> "; " + note).orElse("")
                            + config.proxyNote().map(note -> "; " + note).orElse(""));
        }
        return planned.withStatus(StepStatus.FAILED, "cannot be rendered" + MODE_NOTE + ": " + problems());
    }

    /** The rendered objects as manifests located at the CSV, in apply order; empty when refused. */
    List<Manifest> children() {
        if (!(outcome instanceof RenderOutcome.Rendered)) {
            return List.of();
        }
        List<Manifest> children = new ArrayList<>();
        for (RenderedObject object : ((RenderOutcome.Rendered) outcome).objects()) {
            children.add(object.toManifest(csv.source()));
        }
        return children;
    }

    /** What rendering did, for the {@code CsvMode} condition; null when nothing was rendered. */
    String detail() {
        if (outcome instanceof RenderOutcome.Rendered) {
            RenderOutcome.Rendered rendered = (RenderOutcome.Rendered) outcome;
            return rendered.objects().size() + " objects for " + rendered.installMode().describe();
        }
        return outcome == null ? null : "the CSV cannot be rendered: " + problems();
    }

    private String problems() {
        return ((RenderOutcome.Refused) outcome).problems().stream().map(RenderProblem::toString)
                .collect(Collectors.joining("; "));
    }
}
