package dev.bundlectl.plan.olm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.version.SemanticVersion;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.api.CrdNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The requirements of a CSV that OLM's olm-operator checks before it installs anything
 * (docs/semantics.md §6), checked against the target before anything is written: a CSV whose
 * requirements are unmet sits {@code Pending}, {@code RequirementsNotMet}, for ever.
 * <ul>
 *   <li>{@code spec.minKubeVersion} no higher than the server's version;</li>
 *   <li>every {@code spec.customresourcedefinitions.required} CRD served, or installed by the bundle;</li>
 *   <li>every {@code spec.apiservicedefinitions.required} API served;</li>
 *   <li>every {@code spec.nativeAPIs} group/version/kind served.</li>
 * </ul>
 * A requirement the surface cannot judge (its discovery failed, it lists only preferred versions,
 * the server's version is unknown) is not predicted to fail. Each unmet requirement is worded as
 * OLM words it in the CSV's {@code status.requirementStatus}: {@code Kind/name NotPresent "why"}.
 */
public final class CsvRequirements {

    private CsvRequirements() {
    }

    /**
     * The unmet requirements, in the CSV's order; empty when all are met or cannot be judged.
     *
     * @param csv the CSV
     * @param surface what the target serves, the bundle's own CRDs included
     * @param kubernetesVersion the server's version, if known
     */
    public static List<String> unmet(Manifest csv, ApiSurface surface, Optional<String> kubernetesVersion) {
        JsonNode spec = csv.body().path("spec");
        List<String> unmet = new ArrayList<>();
        minKubeVersion(spec, kubernetesVersion).ifPresent(unmet::add);
        for (JsonNode required : spec.path("customresourcedefinitions").path("required")) {
            String name = text(required, "name");
            String group = CrdNames.group(name);
            if (!judgedServed(surface, group, text(required, "version"), text(required, "kind"))) {
                unmet.add("CustomResourceDefinition/" + name + " NotPresent \"CRD is not present\"");
            }
        }
        for (JsonNode required : spec.path("apiservicedefinitions").path("required")) {
            String group = text(required, "group");
            String version = text(required, "version");
            if (!judgedServed(surface, group, version, text(required, "kind"))) {
                unmet.add("APIService/" + version + "." + group + " NotPresent \"APIService "
                        + text(required, "kind") + " is not served\"");
            }
        }
        for (JsonNode nativeApi : spec.path("nativeAPIs")) {
            String group = text(nativeApi, "group");
            String version = text(nativeApi, "version");
            String kind = text(nativeApi, "kind");
            if (!judgedServed(surface, group, version, kind)) {
                unmet.add(kind + " " + (group.isEmpty() ? "" : group + "/") + version
                        + " NotPresent \"Native API does not exist\"");
            }
        }
        return unmet;
    }

    /** OLM's own sentence, when the CSV asks for a newer Kubernetes than the server's. */
    private static Optional<String> minKubeVersion(JsonNode spec, Optional<String> kubernetesVersion) {
        String wanted = text(spec, "minKubeVersion");
        if (wanted.isBlank() || kubernetesVersion.isEmpty()) {
            return Optional.empty();
        }
        Optional<SemanticVersion> minimum = tolerant(wanted);
        Optional<SemanticVersion> server = tolerant(kubernetesVersion.get());
        if (minimum.isEmpty() || server.isEmpty() || minimum.get().compareTo(server.get()) <= 0) {
            return Optional.empty();
        }
        return Optional.of("CSV version requirement not met: minKubeVersion (" + minimum.get()
                + ") > server version (" + server.get() + ")");
    }

    /**
     * As OLM reads versions here: a leading {@code v} and missing minor or patch numbers are
     * accepted ({@code 1.32} is {@code 1.32.0}).
     */
    private static Optional<SemanticVersion> tolerant(String text) {
        String version = text.strip();
        String core = version.split("[-+]", 2)[0];
        long dots = core.chars().filter(c -> c == '.').count();
        String rest = version.substring(core.length());
        String padded = core + (dots == 0 ? ".0.0" : dots == 1 ? ".0" : "") + rest;
        return SemanticVersion.parseTolerant(padded);
    }

    /** Served, or not judged: only a surface that knows its answer predicts a failure. */
    private static boolean judgedServed(ApiSurface surface, String group, String version, String kind) {
        if (surface.find(group, version, kind).isPresent()) {
            return true;
        }
        return surface.discoveryFailure(group, version).isPresent()
                || surface.servesKind(group, kind) && !surface.listsEveryVersion(group, kind);
    }

    private static String text(JsonNode node, String field) {
        return node.path(field).asText("");
    }
}
