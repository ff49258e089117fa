package dev.bundlectl.cli;

import dev.bundlectl.cluster.discovery.DiscoveryRetries;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.executor.lock.LockHolders;
import dev.bundlectl.executor.pipeline.InstallSettings;
import dev.bundlectl.executor.pipeline.RunningWait;
import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.model.InstallPlan;
import java.time.Clock;
import java.time.Duration;

/**
 * What {@code install}'s flags say about how a plan is installed and shown, once parsed and
 * checked, for the classes that carry the install out.
 *
 * @param createNamespace {@code --create-namespace}
 * @param dryRun {@code --dry-run}
 * @param noPreflight {@code --no-preflight}
 * @param takeOwnership {@code --take-ownership}
 * @param forceConflicts {@code --force-conflicts}
 * @param timeout {@code --timeout}: the whole install, retries included
 * @param crdTimeout {@code --crd-timeout}
 * @param concurrency {@code --concurrency}
 * @param untilRunning {@code --wait}
 * @param waitTimeout {@code --wait-timeout}
 * @param output {@code -o}
 * @param reviewedPlan whether {@code --plan-file} gave the plan (its own namespace then counts)
 * @param commandName the root command's name, for the hints printed
 */
record InstallFlags(boolean createNamespace, DryRunMode dryRun, boolean noPreflight, boolean takeOwnership,
        boolean forceConflicts, Duration timeout, Duration crdTimeout, int concurrency, boolean untilRunning,
        Duration waitTimeout, OutputFormat output, boolean reviewedPlan, String commandName) {

    /** How often a wait reads what it waits for: OLM moves a CSV on within a second of its Deployments. */
    private static final Duration WAIT_POLL = Duration.ofMillis(500);

    /** Whether anything is written: not with {@code --dry-run=server}. */
    boolean writes() {
        return dryRun == DryRunMode.NONE;
    }

    /**
     * How long planning retries a failing discovery: within --timeout, and no longer than the
     * default, since a group/version that stays down only matters to the steps that use it (they
     * retry it again until the deadline).
     */
    Duration discoveryPatience() {
        return timeout.compareTo(DiscoveryRetries.DEFAULT_PATIENCE) < 0 ? timeout : DiscoveryRetries.DEFAULT_PATIENCE;
    }

    /**
     * The pipeline's settings for installing {@code plan}: into its own namespace when it is a
     * reviewed plan that names one, else into {@code targetNamespace}.
     *
     * @param untilRunning whether the install waits for the new version to run (--wait, or a hop
     *     of a catalog upgrade with another after it)
     */
    InstallSettings settingsFor(InstallPlan plan, String targetNamespace, boolean untilRunning) {
        ApplySettings apply = ApplySettings.builder()
                .concurrency(concurrency)
                .crdTimeout(crdTimeout)
                .timeout(timeout)
                .dryRunServer(dryRun == DryRunMode.SERVER)
                .forceConflicts(forceConflicts)
                .preflight(!noPreflight)
                .build();
        String namespace = plan.metadata().namespace() != null && reviewedPlan ? plan.metadata().namespace()
                : targetNamespace;
        String packageName = plan.metadata().annotations().getOrDefault(PlanAnnotations.PACKAGE, plan.metadata().name());
        return new InstallSettings(namespace, packageName, plan.metadata().annotations().get(PlanAnnotations.BUNDLE_PATH),
                createNamespace, takeOwnership, LockHolders.thisProcess(), apply,
                new RunningWait(untilRunning, WAIT_POLL, waitTimeout), Clock.systemUTC(), true);
    }
}
