package dev.bundlectl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.testing.RealApiServer;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * bundlectl's commands, run in-process against a real API server in a namespace of their own: the
 * real-server counterpart of {@link CliCluster}. Assertions look at the cluster's state (a real
 * server keeps no request log), through {@link #client()}.
 */
final class RealCluster {

    private final RealApiServer server;
    private final String namespace;

    private RealCluster(RealApiServer server, String namespace) {
        this.server = server;
        this.namespace = namespace;
    }

    /** A fresh namespace on {@code server}, named after {@code prefix}. */
    static RealCluster in(RealApiServer server, String prefix) {
        return new RealCluster(server, server.newNamespace(prefix));
    }

    /** The test's namespace. */
    String namespace() {
        return namespace;
    }

    RealApiServer server() {
        return server;
    }

    /** A blocking admin client for seeding and inspecting. */
    KubernetesClient client() {
        return server.client();
    }

    /** Runs bundlectl with {@code --kubeconfig} for the admin user appended. */
    CliRun run(String... args) {
        return runWith(server.kubeconfig(), args);
    }

    /** Runs bundlectl with the given kubeconfig appended. */
    CliRun runWith(Path kubeconfig, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--kubeconfig");
        all.add(kubeconfig.toString());
        return CliRun.of(all.toArray(String[]::new));
    }

    /**
     * A kubeconfig for {@code user}, who may keep install records (Secrets) and ConfigMaps in the
     * test's namespace, read its OperatorGroups and hold its package locks, and nothing else: the
     * rights of an installer whose writes the server refuses.
     */
    Path kubeconfigForRecordKeeper(Path dir, String user) {
        server.create("""
                apiVersion: rbac.authorization.k8s.io/v1
                kind: Role
                metadata: {name: records, namespace: %s}
                rules:
                - apiGroups: [""]
                  resources: [secrets, configmaps]
                  verbs: [get, list, watch, create, update, patch, delete]
                # An OLM-mode plan reads the namespace's OperatorGroups; reading them is not writing them.
                - apiGroups: [operators.coreos.com]
                  resources: [operatorgroups]
                  verbs: [get, list, watch]
                # The lock of the package's operations, which every install reads while planning and holds
                # while it writes.
                - apiGroups: [coordination.k8s.io]
                  resources: [leases]
                  verbs: [get, create, update, delete]
                """.formatted(namespace));
        server.create("""
                apiVersion: rbac.authorization.k8s.io/v1
                kind: RoleBinding
                metadata: {name: %s-records, namespace: %s}
                roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: records}
                subjects:
                - {apiGroup: rbac.authorization.k8s.io, kind: User, name: %s}
                """.formatted(user, namespace, user));
        return server.kubeconfigAs(dir, user, List.of(), namespace);
    }

    /** An object of the test's namespace, or null. */
    GenericKubernetesResource get(String apiVersion, String kind, String plural, String name) {
        return client().genericKubernetesResources(context(apiVersion, kind, plural, true))
                .inNamespace(namespace).withName(name).get();
    }

    /** A cluster-scoped object, or null. */
    GenericKubernetesResource getClusterScoped(String apiVersion, String kind, String plural, String name) {
        return client().genericKubernetesResources(context(apiVersion, kind, plural, false)).withName(name).get();
    }

    /** The sample bundle's path. */
    static String sample() {
        return TestPaths.arg("samples/bundles/cachebox-operator");
    }

    /** The JSON document on a run's stdout. */
    static JsonNode json(CliRun run) {
        return CliCluster.read(run.out());
    }

    /** The step of {@code plan} for the object named {@code name} (and kind, when given). */
    static JsonNode step(JsonNode plan, String kind, String name) {
        for (JsonNode step : plan.path("status").path("plan")) {
            JsonNode resource = step.path("resource");
            if (resource.path("name").asText().equals(name) && (kind == null || resource.path("kind").asText().equals(kind))) {
                return step;
            }
        }
        throw new AssertionError("no step " + kind + "/" + name + " in the plan");
    }

    private static ResourceDefinitionContext context(String apiVersion, String kind, String plural, boolean namespaced) {
        int slash = apiVersion.indexOf('/');
        return new ResourceDefinitionContext.Builder()
                .withGroup(slash < 0 ? "" : apiVersion.substring(0, slash))
                .withVersion(slash < 0 ? apiVersion : apiVersion.substring(slash + 1))
                .withKind(kind).withPlural(plural).withNamespaced(namespaced)
                .build();
    }
}
