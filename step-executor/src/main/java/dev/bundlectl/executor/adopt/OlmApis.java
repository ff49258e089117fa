package dev.bundlectl.executor.adopt;

import dev.bundlectl.plan.api.ApiResource;

/** The APIs an adoption reads and writes: OLM's, and the RBAC OLM generates for a CSV. */
final class OlmApis {

    private static final String OPERATORS = "operators.coreos.com";
    private static final String RBAC = "rbac.authorization.k8s.io";

    static final ApiResource SUBSCRIPTIONS = new ApiResource(OPERATORS, "v1alpha1", "Subscription", "subscriptions",
            true);
    static final ApiResource INSTALL_PLANS = new ApiResource(OPERATORS, "v1alpha1", "InstallPlan", "installplans", true);
    static final ApiResource CSVS = new ApiResource(OPERATORS, "v1alpha1", "ClusterServiceVersion",
            "clusterserviceversions", true);
    static final ApiResource CATALOG_SOURCES = new ApiResource(OPERATORS, "v1alpha1", "CatalogSource",
            "catalogsources", true);
    static final ApiResource ROLES = new ApiResource(RBAC, "v1", "Role", "roles", true);
    static final ApiResource ROLE_BINDINGS = new ApiResource(RBAC, "v1", "RoleBinding", "rolebindings", true);
    static final ApiResource CLUSTER_ROLES = new ApiResource(RBAC, "v1", "ClusterRole", "clusterroles", false);
    static final ApiResource CLUSTER_ROLE_BINDINGS = new ApiResource(RBAC, "v1", "ClusterRoleBinding",
            "clusterrolebindings", false);

    /** The label OLM puts on a CSV it copied into another namespace; a copy installs nothing. */
    static final String COPIED_FROM = "olm.copiedFrom";

    /**
     * The field manager of OLM's catalog operator (its binary is {@code catalog}, and the API server
     * names a client's manager after its user agent): it wrote every object of an InstallPlan, with
     * creates and updates.
     */
    static final String CATALOG_OPERATOR_MANAGER = "catalog";

    private OlmApis() {
    }
}
