package dev.bundlectl.bundle.kinds;

import java.util.Objects;
import java.util.Set;

/**
 * An API group and a kind: the identity of a kind of object, whatever version it is served at.
 * Used as a map or set key instead of a {@code group + "/" + kind} string, and as the one place
 * that knows which kinds have rules of their own (the CSV, the CRD, the core and RBAC kinds).
 *
 * <p>Ordered by group, then kind, so sorted maps keyed by it print in a stable order.
 *
 * @param group API group, {@code ""} for the core group
 * @param kind the kind, e.g. {@code Deployment}
 */
public record GroupKind(String group, String kind) implements Comparable<GroupKind> {

    /** The OLM API group of the CSV. */
    public static final String OLM_GROUP = "operators.coreos.com";
    /** The API group of CustomResourceDefinitions. */
    public static final String APIEXTENSIONS_GROUP = "apiextensions.k8s.io";
    /** The API group of roles and bindings. */
    public static final String RBAC_GROUP = "rbac.authorization.k8s.io";

    /** OLM's {@code ClusterServiceVersion}. */
    public static final GroupKind CLUSTER_SERVICE_VERSION = new GroupKind(OLM_GROUP, "ClusterServiceVersion");
    /** OLM's {@code OperatorGroup}. */
    public static final GroupKind OPERATOR_GROUP = new GroupKind(OLM_GROUP, "OperatorGroup");
    /** {@code CustomResourceDefinition}. */
    public static final GroupKind CUSTOM_RESOURCE_DEFINITION =
            new GroupKind(APIEXTENSIONS_GROUP, "CustomResourceDefinition");
    /** Core {@code Namespace}. */
    public static final GroupKind NAMESPACE = new GroupKind("", "Namespace");
    /** Core {@code Secret}. */
    public static final GroupKind SECRET = new GroupKind("", "Secret");
    /** Core {@code ConfigMap}. */
    public static final GroupKind CONFIG_MAP = new GroupKind("", "ConfigMap");
    /** Core {@code ServiceAccount}. */
    public static final GroupKind SERVICE_ACCOUNT = new GroupKind("", "ServiceAccount");
    /** Core {@code Service}. */
    public static final GroupKind SERVICE = new GroupKind("", "Service");
    /** RBAC {@code Role}. */
    public static final GroupKind ROLE = new GroupKind(RBAC_GROUP, "Role");
    /** RBAC {@code RoleBinding}. */
    public static final GroupKind ROLE_BINDING = new GroupKind(RBAC_GROUP, "RoleBinding");
    /** RBAC {@code ClusterRole}. */
    public static final GroupKind CLUSTER_ROLE = new GroupKind(RBAC_GROUP, "ClusterRole");
    /** RBAC {@code ClusterRoleBinding}. */
    public static final GroupKind CLUSTER_ROLE_BINDING = new GroupKind(RBAC_GROUP, "ClusterRoleBinding");
    /** {@code apps/Deployment}. */
    public static final GroupKind DEPLOYMENT = new GroupKind("apps", "Deployment");

    /**
     * Kinds whose API is a prerequisite of OLM itself, so listing them in
     * {@code olm.manifests.optional} does not make them optional (docs/semantics.md §1).
     */
    public static final Set<GroupKind> OLM_PREREQUISITES = Set.of(
            CLUSTER_SERVICE_VERSION, CUSTOM_RESOURCE_DEFINITION,
            SECRET, CONFIG_MAP, SERVICE_ACCOUNT, SERVICE,
            ROLE, ROLE_BINDING, CLUSTER_ROLE, CLUSTER_ROLE_BINDING);

    public GroupKind {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(kind, "kind");
    }

    /** The group and kind of an object with this {@code apiVersion} ({@code group/version} or core {@code version}). */
    public static GroupKind ofApiVersion(String apiVersion, String kind) {
        int slash = apiVersion.indexOf('/');
        return new GroupKind(slash < 0 ? "" : apiVersion.substring(0, slash), kind);
    }

    /**
     * Reads the text form {@link #toString()} writes: {@code group/Kind}, {@code /Kind} for core.
     *
     * @throws IllegalArgumentException when there is no slash
     */
    public static GroupKind parse(String text) {
        int slash = text.lastIndexOf('/');
        if (slash < 0) {
            throw new IllegalArgumentException("not group/Kind: " + text);
        }
        return new GroupKind(text.substring(0, slash), text.substring(slash + 1));
    }

    /** Whether this is OLM's ClusterServiceVersion. */
    public boolean isCsv() {
        return equals(CLUSTER_SERVICE_VERSION);
    }

    /** Whether this is OLM's OperatorGroup. */
    public boolean isOperatorGroup() {
        return equals(OPERATOR_GROUP);
    }

    /** Whether this is a CustomResourceDefinition. */
    public boolean isCrd() {
        return equals(CUSTOM_RESOURCE_DEFINITION);
    }

    /** Whether the API of this kind is a prerequisite of OLM itself (see {@link #OLM_PREREQUISITES}). */
    public boolean isOlmPrerequisite() {
        return OLM_PREREQUISITES.contains(this);
    }

    /** Whether the kind is in the core group ({@code ""}). */
    public boolean isCore() {
        return group.isEmpty();
    }

    /**
     * Whether {@code kind} is this kind's name, whatever its group. Some checks go by kind alone,
     * as OLM's do (a bundle's CSV is found by kind), or to be safe (a Secret is redacted by kind);
     * this keeps them visibly so. False for null.
     */
    public boolean hasKind(String kind) {
        return this.kind.equals(kind);
    }

    /*
     * equals and hashCode are written out, not left to the record: a record's are linked at their
     * first call by an invokedynamic bootstrap (ObjectMethods) that the class-data archive cannot
     * hold, and GroupKind is the first record a plan hashes, so it paid for the whole method-handle
     * set-up: 4 % of a `bundlectl plan` (bench/README.md). Same fields, same rules as the record's.
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof GroupKind that && group.equals(that.group) && kind.equals(that.kind);
    }

    @Override
    public int hashCode() {
        return 31 * group.hashCode() + kind.hashCode();
    }

    @Override
    public int compareTo(GroupKind other) {
        int byGroup = group.compareTo(other.group);
        return byGroup != 0 ? byGroup : kind.compareTo(other.kind);
    }

    /** {@code group/Kind}, {@code /Kind} for core: the form {@link #parse} reads. */
    @Override
    public String toString() {
        return group + "/" + kind;
    }
}
