package dev.bundlectl.plan.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.bundlectl.bundle.kinds.GroupKind;

/**
 * The object a step acts on, as in OLM's {@code StepResource}.
 *
 * @param group API group, {@code ""} for core
 * @param version API version
 * @param kind kind
 * @param name object name
 * @param namespace target namespace for namespaced objects, else null
 * @param sourceName OLM: the CatalogSource the bundle was resolved from. bundlectl has no catalog
 *     and writes the package (a payload's name) here; a plan written before
 *     {@link Step#source()} existed held a payload step's file path here
 * @param sourceNamespace OLM: the CatalogSource's namespace. bundlectl writes
 *     {@link #NO_CATALOG_NAMESPACE}; a plan written before {@link Step#source()} existed held the
 *     bundle path here. Where an object came from is its step's {@link Step#source()}
 * @param manifest the object as compact JSON
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StepResource(
        @JsonProperty("group") String group,
        @JsonProperty("version") String version,
        @JsonProperty("kind") String kind,
        @JsonProperty("name") String name,
        @JsonProperty("namespace") String namespace,
        @JsonProperty("sourceName") String sourceName,
        @JsonProperty("sourceNamespace") String sourceNamespace,
        @JsonProperty("manifest") String manifest) {

    /**
     * The {@code sourceNamespace} of a step whose bundle came from disk, not from a CatalogSource:
     * empty, yet present, since OLM's InstallPlan schema requires the field.
     */
    public static final String NO_CATALOG_NAMESPACE = "";

    /** {@code group/version}, or just {@code version} for the core group. */
    public String apiVersion() {
        return group == null || group.isEmpty() ? version : group + "/" + version;
    }

    /** The group and kind of the object; an absent group is core ({@code ""}), an absent kind {@code ""}. */
    public GroupKind groupKind() {
        return new GroupKind(group == null ? "" : group, kind == null ? "" : kind);
    }

    /** The same object in another namespace (null for cluster-scoped). */
    public StepResource withNamespace(String newNamespace) {
        return new StepResource(group, version, kind, name, newNamespace, sourceName, sourceNamespace, manifest);
    }

    /** The same object with another manifest body (redacted, say, or restored). */
    public StepResource withManifest(String newManifest) {
        return new StepResource(group, version, kind, name, namespace, sourceName, sourceNamespace, newManifest);
    }

    /** {@code Kind/name} or {@code Kind/namespace/name}. */
    public String displayName() {
        return namespace == null ? kind + "/" + name : kind + "/" + namespace + "/" + name;
    }
}
