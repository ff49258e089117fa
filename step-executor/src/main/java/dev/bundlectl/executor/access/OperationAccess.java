package dev.bundlectl.executor.access;

import dev.bundlectl.cluster.discovery.Discovery;
import dev.bundlectl.executor.lock.LockTarget;
import dev.bundlectl.plan.config.ClusterProxy;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The requests an operation makes besides its steps' own: its install records (Secrets whose
 * names change with every run, so only a grant for any name allows them), and the namespace it
 * creates when asked to.
 */
public final class OperationAccess {

    /** The purpose of the install records' requests. */
    public static final String RECORDS = "install records";

    /** The purpose of the lock's requests. */
    public static final String LOCK = "the lock of the package's operations";

    private static final List<String> RECORD_VERBS = List.of("list", "get", "create", "update", "delete");

    private OperationAccess() {
    }

    /**
     * {@link #forInstall(String, String, boolean, boolean, boolean)} for the cluster {@code discovery}
     * describes (a group it cannot tell about is taken as not served).
     */
    public static Future<List<RequiredAccess>> forInstall(Discovery discovery, String namespace, String packageName,
            boolean hasDependencies) {
        Future<Boolean> operatorGroups = served(discovery, "operators.coreos.com", "OperatorGroup");
        Future<Boolean> clusterVersion = served(discovery, "config.openshift.io", "ClusterVersion");
        return Future.all(operatorGroups, clusterVersion).map(both -> forInstall(namespace, packageName,
                operatorGroups.result(), clusterVersion.result(), hasDependencies));
    }

    private static Future<Boolean> served(Discovery discovery, String group, String kind) {
        return discovery.find(group, "v1", kind).map(Optional::isPresent).otherwise(false);
    }

    /**
     * Everything an install or upgrade of a package asks of the server besides its steps: its lock,
     * its install records and the reads planning makes ({@link #planningReads}).
     */
    public static List<RequiredAccess> forInstall(String namespace, String packageName, boolean servesOperatorGroups,
            boolean servesClusterVersion, boolean hasDependencies) {
        List<RequiredAccess> needed = new ArrayList<>(lock(namespace, packageName, false));
        needed.addAll(installRecords(namespace));
        needed.addAll(planningReads(namespace, servesOperatorGroups, servesClusterVersion, hasDependencies));
        return needed;
    }

    /**
     * What holding the lock of a package's operations takes (docs/semantics.md §3): reading its
     * Lease, creating it (a POST, so for any name), updating it to take, renew and release it, and,
     * for an uninstall, deleting it.
     */
    public static List<RequiredAccess> lock(String namespace, String packageName, boolean uninstall) {
        String lease = new LockTarget(namespace, packageName).leaseName();
        List<RequiredAccess> needed = new ArrayList<>();
        for (String verb : uninstall ? List.of("get", "update", "delete") : List.of("get", "update")) {
            needed.add(new RequiredAccess(new AccessRequest(verb, "coordination.k8s.io", "leases", namespace, lease), LOCK));
        }
        needed.add(new RequiredAccess(new AccessRequest("create", "coordination.k8s.io", "leases", namespace, null), LOCK));
        return needed;
    }

    /**
     * What keeping a package's install records in {@code namespace} takes: listing and reading them
     * (planning, status), creating and updating one per run, and deleting old ones (retention,
     * uninstall).
     */
    public static List<RequiredAccess> installRecords(String namespace) {
        List<RequiredAccess> needed = new ArrayList<>();
        for (String verb : RECORD_VERBS) {
            needed.add(new RequiredAccess(new AccessRequest(verb, "", "secrets", namespace, null), RECORDS));
        }
        return needed;
    }

    /**
     * What planning against the cluster reads besides discovery, as the identity: the namespace's
     * OperatorGroups where OLM's API is served (without them an OLM-mode plan would add a second
     * one, which OLM refuses), the ClusterVersion where OpenShift's is (its capabilities), and the
     * namespace's CSVs when the bundle declares dependencies.
     *
     * @param servesOperatorGroups whether the cluster serves {@code operators.coreos.com/v1} OperatorGroup
     * @param servesClusterVersion whether it serves {@code config.openshift.io/v1} ClusterVersion
     * @param hasDependencies whether the bundle declares dependencies
     */
    public static List<RequiredAccess> planningReads(String namespace, boolean servesOperatorGroups,
            boolean servesClusterVersion, boolean hasDependencies) {
        List<RequiredAccess> needed = new ArrayList<>();
        if (servesOperatorGroups) {
            needed.add(new RequiredAccess(new AccessRequest("list", "operators.coreos.com", "operatorgroups", namespace,
                    null), "the namespace's OperatorGroups, read while planning"));
        }
        if (servesClusterVersion) {
            needed.add(new RequiredAccess(new AccessRequest("get", "config.openshift.io", "clusterversions", null,
                    "version"), "the cluster's capabilities, read while planning"));
        }
        if (hasDependencies) {
            needed.add(new RequiredAccess(new AccessRequest("list", "operators.coreos.com", "clusterserviceversions",
                    namespace, null), "the installed operators, read to check the bundle's dependencies"));
        }
        return needed;
    }

    /**
     * Reading the cluster's proxy where OpenShift's Proxy API is served: a rendered operator is given
     * it, as OLM gives it (docs/semantics.md §10), and a rendered plan that cannot read it stops.
     * Not asked of an install (the plan already judged the read); the installer account is given it.
     */
    public static List<RequiredAccess> clusterProxy() {
        return List.of(new RequiredAccess(new AccessRequest("get", ClusterProxy.GROUP, "proxies", null,
                ClusterProxy.NAME), "the cluster's proxy, which a rendered operator is given"));
    }

    /**
     * What telling where owners stand takes (docs/semantics.md §8): reading the namespaces other
     * installs' marks name, to tell a gone owner from a living one, and this install's own, to tell
     * an uninstall from a namespace being deleted. Not asked of an install, which goes on without
     * (an owner it cannot read counts as living); the installer account is given it.
     */
    public static List<RequiredAccess> ownerNamespaces(String namespace) {
        return List.of(new RequiredAccess(new AccessRequest("get", "", "namespaces", null, null),
                "whether the namespaces owner marks name, " + namespace + " among them, still stand"));
    }

    /** What {@code --create-namespace} takes, when the namespace is missing. */
    public static List<RequiredAccess> namespaceCreation(String namespace) {
        return List.of(new RequiredAccess(new AccessRequest("create", "", "namespaces", null, null),
                "--create-namespace " + namespace));
    }
}
