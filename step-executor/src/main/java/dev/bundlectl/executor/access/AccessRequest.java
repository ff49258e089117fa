package dev.bundlectl.executor.access;

import java.util.Objects;

/**
 * One request an identity must be allowed to make: a verb on a resource, in a namespace or
 * cluster-wide, on one object or any. As a SelfSubjectAccessReview asks it, and as RBAC grants it.
 *
 * @param verb {@code get}, {@code create}, {@code patch}, ...
 * @param group the API group, {@code ""} for the core group
 * @param resource the resource (plural), e.g. {@code secrets}
 * @param namespace the namespace, or null for cluster-wide
 * @param name the object's name, or null for any (a create by POST, whose name the server is not
 *     told in the URL, and a list)
 */
public record AccessRequest(String verb, String group, String resource, String namespace, String name) {

    public AccessRequest {
        Objects.requireNonNull(verb, "verb");
        Objects.requireNonNull(resource, "resource");
        group = group == null ? "" : group;
    }

    /** The resource as kubectl names it: {@code secrets}, {@code clusterroles.rbac.authorization.k8s.io}. */
    public String qualifiedResource() {
        return group.isEmpty() ? resource : resource + "." + group;
    }

    /**
     * One line: the verb, the group and resource, the object when named, and the namespace or
     * "cluster-wide", e.g. {@code patch clusterroles.rbac.authorization.k8s.io "reader", cluster-wide}.
     */
    public String describe() {
        return verb + " " + qualifiedResource() + (name == null ? "" : " \"" + name + "\"")
                + (namespace == null ? ", cluster-wide" : " in namespace " + namespace);
    }
}
