package dev.bundlectl.controller.pipeline;

import dev.bundlectl.controller.reconcile.ReconcileException;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.connect.Impersonation;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The connection each install acts through: a view of the controller's own connection that
 * impersonates the ServiceAccount the BundleInstall names, so that whoever may create a
 * BundleInstall in a namespace can install exactly what an account of that namespace may, and
 * never what the controller may (docs/controller.md, "Who may install what"). Only a controller
 * started single-tenant installs objects that name no account, with its own rights.
 *
 * <p>A view shares the controller's kept-alive connections and its discovery cache (asking, when it
 * must, as the account); one is kept per account, for as long as the controller runs.
 */
public final class InstallerConnections implements AutoCloseable {

    /** The condition and event reason of a BundleInstall that names no ServiceAccount. */
    public static final String SERVICE_ACCOUNT_REQUIRED = "ServiceAccountRequired";

    private final ClusterConnection controller;
    private final boolean singleTenant;
    private final Map<String, ClusterConnection> byAccount = new ConcurrentHashMap<>();

    /**
     * @param controller the controller's own connection, which these views act through
     * @param singleTenant whether a BundleInstall without {@code spec.serviceAccountName} installs
     *     with the controller's own rights (off in {@code deploy/})
     */
    public InstallerConnections(ClusterConnection controller, boolean singleTenant) {
        this.controller = controller;
        this.singleTenant = singleTenant;
    }

    /**
     * The connection to install through for a BundleInstall in {@code namespace} naming
     * {@code serviceAccountName}.
     *
     * @throws ReconcileException with reason {@value #SERVICE_ACCOUNT_REQUIRED} when it names none
     *     and the controller is not single-tenant
     */
    public ClusterConnection forInstall(String namespace, String serviceAccountName) {
        if (serviceAccountName == null) {
            if (singleTenant) {
                return controller;
            }
            throw new ReconcileException(SERVICE_ACCOUNT_REQUIRED, "spec.serviceAccountName: required: name a "
                    + "ServiceAccount of namespace " + namespace + " whose rights install this bundle; the controller "
                    + "acts as it and never with its own rights ('bundlectl plan BUNDLE -n " + namespace
                    + " --installer-rbac NAME' writes such an account and its RBAC)", false);
        }
        return byAccount.computeIfAbsent(namespace + "/" + serviceAccountName,
                key -> controller.actingAs(Impersonation.serviceAccount(namespace, serviceAccountName)));
    }

    /** Closes the views; the controller's own connection is its owner's to close. */
    @Override
    public void close() {
        byAccount.values().forEach(ClusterConnection::close);
        byAccount.clear();
    }
}
