package dev.bundlectl.plan.olm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.Manifest;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * An API a CSV provides, as OLM compares them across OperatorGroups (docs/semantics.md §6): group,
 * version and kind, written {@code Kind.version.group} in an OperatorGroup's
 * {@code olm.providedAPIs} annotation.
 *
 * @param group the API group ({@code ""} for core)
 * @param version the version
 * @param kind the kind
 */
public record ProvidedApi(String group, String version, String kind) implements Comparable<ProvidedApi> {

    /** The OperatorGroup annotation in which OLM keeps the APIs its members provide. */
    public static final String ANNOTATION = "olm.providedAPIs";

    public ProvidedApi {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(kind, "kind");
    }

    /**
     * What the CSV provides: each owned CRD (its group is the CRD name after the first dot) and
     * each owned APIService, at the version the CSV names. An owned CRD whose name has no dot
     * provides nothing here: OLM itself cannot read such a CSV.
     */
    public static Set<ProvidedApi> ofCsv(Manifest csv) {
        return ofCsv(csv.body());
    }

    /** The same, of a CSV read from the cluster. */
    public static Set<ProvidedApi> ofCsv(JsonNode csv) {
        JsonNode spec = csv.path("spec");
        Set<ProvidedApi> provided = new TreeSet<>();
        for (JsonNode crd : spec.path("customresourcedefinitions").path("owned")) {
            String name = crd.path("name").asText("");
            int dot = name.indexOf('.');
            if (dot > 0) {
                provided.add(new ProvidedApi(name.substring(dot + 1), crd.path("version").asText(""),
                        crd.path("kind").asText("")));
            }
        }
        for (JsonNode service : spec.path("apiservicedefinitions").path("owned")) {
            provided.add(new ProvidedApi(service.path("group").asText(""), service.path("version").asText(""),
                    service.path("kind").asText("")));
        }
        return provided;
    }

    /** What the CSV among {@code manifests} provides; nothing when there is none. */
    public static Set<ProvidedApi> ofCsvIn(List<Manifest> manifests) {
        return manifests.stream().filter(manifest -> manifest.groupKind().isCsv()).findFirst()
                .map(ProvidedApi::ofCsv).orElse(Set.of());
    }

    /**
     * The APIs an {@code olm.providedAPIs} annotation lists, read as OLM reads it: spaces removed,
     * entries split at commas, each {@code Kind.version.group} (the group may hold dots); an entry
     * with fewer than two dots names nothing and is skipped.
     */
    public static Set<ProvidedApi> parse(String annotation) {
        Set<ProvidedApi> provided = new TreeSet<>();
        if (annotation == null) {
            return provided;
        }
        for (String entry : annotation.replace(" ", "").split(",")) {
            int first = entry.indexOf('.');
            int second = first < 0 ? -1 : entry.indexOf('.', first + 1);
            if (second > 0) {
                provided.add(new ProvidedApi(entry.substring(second + 1), entry.substring(first + 1, second),
                        entry.substring(0, first)));
            }
        }
        return provided;
    }

    /** {@code Kind.version.group}, as the annotation writes it. */
    @Override
    public String toString() {
        return kind + "." + version + "." + group;
    }

    @Override
    public int compareTo(ProvidedApi other) {
        return toString().compareTo(other.toString());
    }
}
