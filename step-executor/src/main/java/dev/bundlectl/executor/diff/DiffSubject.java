package dev.bundlectl.executor.diff;

import dev.bundlectl.plan.model.StepResource;
import java.util.Objects;

/**
 * The object one step's diff is about.
 *
 * @param group its API group, empty for the core group
 * @param version its API version
 * @param kind its kind
 * @param namespace its namespace, or null when cluster-scoped
 * @param name its name
 */
public record DiffSubject(String group, String version, String kind, String namespace, String name) {

    public DiffSubject {
        group = group == null ? "" : group;
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
    }

    /** The object a plan's step sends. */
    public static DiffSubject of(StepResource resource) {
        return new DiffSubject(resource.group(), resource.version(), resource.kind(), resource.namespace(),
                resource.name());
    }

    /**
     * The name {@code kubectl diff} gives the object's files, {@code GROUP.VERSION.KIND.NAMESPACE.NAME}
     * ({@code apps.v1.Deployment.ops.cachebox-operator}; no group for the core group, an empty
     * namespace for a cluster-scoped object), so that a diff reads the same from either tool.
     */
    public String fileName() {
        return (group.isEmpty() ? "" : group + ".") + version + "." + kind + "." + Objects.toString(namespace, "")
                + "." + name;
    }

    /** {@code Kind namespace/name}, or {@code Kind name} when cluster-scoped, for one-line notes. */
    public String displayName() {
        return kind + " " + (namespace == null ? "" : namespace + "/") + name;
    }

    /** Whether the object is a Secret, by kind alone as {@code SecretRedaction} decides: one redaction too many is safe. */
    boolean secret() {
        return "Secret".equals(kind);
    }
}
