package dev.bundlectl.cli;

import dev.bundlectl.executor.access.InstallerRbac;
import dev.bundlectl.executor.access.InstallerRbacYaml;
import dev.bundlectl.executor.access.OperationAccess;
import dev.bundlectl.plan.config.ClusterProxy;
import dev.bundlectl.executor.access.RequiredAccess;
import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.PlanNames;
import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.planned.PlannedInstall;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code plan --installer-rbac NAME}: the ServiceAccount {@code NAME} and the least RBAC that lets it
 * install, upgrade to, and uninstall the planned bundle in the plan's namespace, as YAML for
 * {@code kubectl apply}. The plan is the one {@code plan} made (offline against a surface, or
 * against a live cluster, where an upgrade's deletions are known), so the rules name its objects.
 */
final class InstallerRbacOutput {

    private static final String OPERATOR_GROUPS = "operators.coreos.com";
    private static final String CLUSTER_VERSIONS = "config.openshift.io";

    private InstallerRbacOutput() {
    }

    /** Why {@code name} cannot name a ServiceAccount, as the flag's invalid input (exit 2). */
    static void check(String name) {
        PlanNames.planNameProblem(name).ifPresent(problem -> {
            throw new UserInputException("--installer-rbac " + name + ": " + problem.replace("plan name",
                    "a ServiceAccount name"));
        });
    }

    /**
     * Prints the RBAC of {@code planned} for the account {@code name}; warns on {@code err} about
     * steps whose API the surface does not serve (their rights cannot be named).
     *
     * @param surface what the plan was made against: the cluster's discovery, or the offline surface
     */
    static void print(PlanResult planned, ApiSurface surface, String name, String command, PrintWriter out,
            PrintWriter err) {
        PlannedInstall plan = planned.planned();
        String namespace = Objects.requireNonNull(plan.plan().metadata().namespace(), "the plan's namespace");
        String packageName = plan.plan().metadata().annotations().getOrDefault(PlanAnnotations.PACKAGE,
                plan.plan().metadata().name());
        boolean dependencies = !plan.plan().status().dependencies().isEmpty();
        List<RequiredAccess> operation = new ArrayList<>(OperationAccess.forInstall(namespace, packageName,
                served(surface, OPERATOR_GROUPS, "v1", "OperatorGroup"), served(surface, CLUSTER_VERSIONS, "v1",
                        "ClusterVersion"), dependencies));
        // The uninstall deletes the lock's Lease when it is done.
        operation.addAll(OperationAccess.lock(namespace, packageName, true));
        operation.addAll(OperationAccess.ownerNamespaces(namespace));
        if (served(surface, ClusterProxy.GROUP, ClusterProxy.VERSION, ClusterProxy.KIND)) {
            operation.addAll(OperationAccess.clusterProxy());
        }
        InstallerRbac rbac = new InstallerRbac(plan, resource -> find(surface, resource), namespace, operation);
        List<String> csvs = plan.plan().spec().clusterServiceVersionNames();
        out.print(InstallerRbacYaml.write(rbac, namespace, name, List.of(
                "The installer account of " + packageName + (csvs.isEmpty() ? "" : " (" + String.join(", ", csvs) + ")")
                        + " in namespace " + namespace + ", written by: " + command,
                "from a plan against " + surface.description() + ". Acting as system:serviceaccount:" + namespace + ":"
                        + name + " (bundlectl install --as, or a BundleInstall's spec.serviceAccountName),",
                "one can install this bundle there, upgrade to it, and uninstall it; nothing else. For another",
                "version, write and apply its RBAC again. Apply as a cluster admin: kubectl apply -f FILE")));
        out.flush();
        rbac.unresolved().forEach(step -> err.println("warning: " + step + ": its API is not served by "
                + surface.description() + ", so no rule names it"));
    }

    private static Optional<dev.bundlectl.plan.api.ApiResource> find(ApiSurface surface, StepResource resource) {
        return surface.find(Objects.toString(resource.group(), ""), resource.version(), resource.kind());
    }

    private static boolean served(ApiSurface surface, String group, String version, String kind) {
        return surface.find(group, version, kind).isPresent();
    }
}
