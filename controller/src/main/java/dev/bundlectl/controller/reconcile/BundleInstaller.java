package dev.bundlectl.controller.reconcile;

import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.PlanCondition;
import java.util.List;
import java.util.Optional;
import dev.bundlectl.controller.api.BundleInstallSpec;

/**
 * What the controller needs from bundlectl's pipeline: fetch and plan a bundle, install a plan,
 * uninstall what was installed. Each call blocks its caller, which is always one of the controller's
 * worker threads, never a Vert.x event loop. Every request a call makes for an install acts as the
 * ServiceAccount the BundleInstall names ({@code spec.serviceAccountName}); a call for an object that
 * names none fails with reason {@code ServiceAccountRequired}, unless the controller runs single-tenant.
 */
public interface BundleInstaller {

    /**
     * Fetches the bundle {@code spec} names and plans it against the cluster, as {@code bundlectl plan
     * --kubeconfig} would for the namespace. For a catalog whose choice is more than one hop along the
     * channel from the version the latest install record names, that is the first hop, the rest in
     * {@link PlannedBundle#laterHops()}.
     *
     * @throws ReconcileException when the bundle cannot be fetched or is invalid
     */
    PlannedBundle plan(String namespace, BundleInstallSpec spec);

    /**
     * Plans one bundle of a walk along {@code spec}'s catalog channel, the image {@code bundleImage}
     * (pinned to its digest), against the cluster as it is now, with the spec's settings: the hop a
     * walk installed last, planned again to look at whether it runs ({@link #running}) or to finish
     * an install of it that stopped half-way. It has no later hops and no channel standing.
     *
     * @throws ReconcileException when the bundle cannot be fetched or is invalid
     */
    PlannedBundle planHop(String namespace, BundleInstallSpec spec, String bundleImage);

    /**
     * Installs {@code planned} into {@code namespace}, as {@code bundlectl install} would: that one
     * bundle, the first hop of a walk along the channel included, never the hops after it. It does not
     * wait for the operator to run; {@link #running} looks.
     *
     * @return the plan with every step's final status
     * @throws ReconcileException when the install cannot start
     */
    InstalledBundle install(String namespace, PlannedBundle planned);

    /**
     * Whether the operator that {@code installed} put in place runs now, looked at once: OLM's phase
     * of the CSV in OLM mode, the rendered Deployments' Available condition in render mode.
     *
     * @return the {@code OperatorRunning} condition; empty when the plan runs nothing
     * @throws ReconcileException when the cluster cannot be asked
     */
    Optional<PlanCondition> running(PlannedBundle planned, InstallPlan installed);

    /**
     * What installing {@code planned} into {@code namespace} would change, for someone about to approve it: each object it
     * updates as a unified diff between the live object and the server's dry run of the new one
     * (Secret values redacted), created and deleted objects by name, at most {@code maxBytes} long.
     * On a walk along the channel this is the first hop's: each later hop is planned against the
     * cluster as the one before leaves it.
     *
     * @return the diff text; empty when it cannot be worked out (the reason then goes in the text)
     */
    default Optional<String> diff(String namespace, PlannedBundle planned, int maxBytes) {
        return Optional.empty();
    }

    /**
     * Deletes what installs of {@code packageName} created in {@code namespace}, as {@code bundlectl
     * uninstall} would; nothing to delete is a success.
     *
     * @param serviceAccountName the ServiceAccount the deleted object named, or null
     * @param applied the objects the object's status says its last install applied: what is known of
     *     the install when its namespace is being deleted and the records there are already gone
     * @return a one-line summary of what was deleted
     * @throws ReconcileException when objects could not be deleted
     */
    String uninstall(String namespace, String packageName, String serviceAccountName, List<ObjectRef> applied);
}
