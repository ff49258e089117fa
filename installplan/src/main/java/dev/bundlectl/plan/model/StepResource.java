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
 * @param sourceName where the object came from: the bundle's package (OLM: the catalog source)
 * @param sourceNamespace for OLM the catalog namespace; bundlectl puts the bundle file path here
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
