package dev.bundlectl.cli;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.lock.LockState;
import dev.bundlectl.executor.pipeline.InstallPipeline;
import dev.bundlectl.plan.crdsafety.CrdSafetyPolicy;
import dev.bundlectl.plan.output.SecretRedaction;
import dev.bundlectl.source.catalog.CatalogBundle;
import dev.bundlectl.source.catalog.ChannelWalk;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code install --catalog}: the chosen bundle after the dependencies the cluster does not already
 * meet, resolved from the catalog, or, where its package is installed, each version along the
 * channel from the installed one ({@link ChannelWalk}). Each bundle goes through the same
 * {@link PlanInstall} as a single one.
 */
final class CatalogInstall {

    private final InstallContext context;
    private final PlanInputOptions input;
    private final InstallFlags flags;
    private final PrintWriter out;
    private final PrintWriter err;

    CatalogInstall(InstallContext context) {
        this.context = context;
        this.input = context.input();
        this.flags = context.flags();
        this.out = context.out();
        this.err = context.err();
    }

    /** Installs {@code chain} through {@code cluster}'s connection; answers the exit code. */
    int install(ClusterOptions cluster, BundleSourcing sourcing, CatalogChain chain) {
        try (ClusterConnection connection = BackgroundConnection.openWhile(cluster, () -> null).connection()) {
            InstallPipeline pipeline = new InstallPipeline(connection);
            String namespace = TargetNamespace.of(input.namespace, connection);
            List<SourcedInput> needed = chain.neededIn(pipeline.planning(), namespace);
            ChannelWalk walk = CatalogWalking.of(connection, chain, namespace, input.force);
            if (!(walk instanceof ChannelWalk.Hops path) || path.hops().size() < 2) {
                return installInOrder(pipeline, namespace, needed);
            }
            err.println(CatalogWalking.line(chain, namespace, path));
            List<SourcedInput> dependencies = needed.subList(0, needed.size() - 1);
            if (!dependencies.isEmpty()) {
                int exit = installInOrder(pipeline, namespace, dependencies);
                if (exit != ExitCode.OK) {
                    return exit;
                }
            }
            List<CatalogBundle> hops = path.hops();
            List<SourcedInput> inputs = new ArrayList<>(sourcing.pull(hops.subList(0, hops.size() - 1)));
            inputs.add(needed.get(needed.size() - 1));
            // Under strict, the later hops' CRD updates are judged before the first write; otherwise
            // each hop's own plan, against the cluster as the hop before left it, warns of them.
            if (input.crdUpgradeSafety == CrdSafetyPolicy.STRICT
                    && WalkCrdUpdates.report(inputs, hops, input.crdUpgradeSafety, err)) {
                return ExitCode.PLAN_FAILED;
            }
            return installHops(pipeline, namespace, hops, inputs);
        }
    }

    /**
     * Each hop of a catalog upgrade, planned against the cluster as the previous hop left it,
     * installed, and running (OLM: Succeeded, the replaced CSV gone; render mode: its Deployments
     * Available) before the next is planned; the first that does not stops the walk.
     */
    private int installHops(InstallPipeline pipeline, String namespace, List<CatalogBundle> hops,
            List<SourcedInput> inputs) {
        PlanInstall installs = context.installs(pipeline);
        for (int i = 0; i < inputs.size(); i++) {
            err.println("hop " + (i + 1) + " of " + inputs.size() + ": " + hops.get(i).name());
            ReadInput read = new Planning(context.diagnostics()).read(input, inputs.get(i));
            PlannedInput planned = context.livePlanning(pipeline).plan(input, read, namespace,
                    () -> ApiSurfaceOptions.resolve(input.apiSurfaces, null));
            // The last hop waits only when asked to; every other one must run before the next starts.
            boolean untilRunning = i < inputs.size() - 1 || flags.untilRunning();
            PlanInstall.Ended ended = installs.install(planned.result().planned(), planned.reading(), namespace,
                    untilRunning);
            if (ended.locked()) {
                err.println("error: " + TerminalText.safe(ended.lockedOut() instanceof LockState.Held held
                        ? held.describe() : "another operation of " + hops.get(i).packageName() + " ran meanwhile")
                        + "; nothing of " + hops.get(i).name() + " was written");
            }
            if (ended.exitCode() != ExitCode.OK) {
                err.println("error: the upgrade stopped at " + hops.get(i).name() + "; installed before it: "
                        + (i == 0 ? "none" : String.join(", ", hops.subList(0, i).stream().map(CatalogBundle::name)
                                .toList())) + " (run the same install again to go on)");
                return ended.exitCode();
            }
        }
        return ExitCode.OK;
    }

    /**
     * A dependency chain: every plan is made, and must be installable, before the first is
     * applied; then each is installed (and recorded) in turn, its CRDs established before the next
     * starts. A failure stops the chain and says which bundles are installed; a re-run converges.
     */
    private int installInOrder(InstallPipeline pipeline, String namespace, List<SourcedInput> needed) {
        List<PlannedInput> plans = new ChainPlanning(context.livePlanning(pipeline)).plan(input, needed, namespace,
                () -> ApiSurfaceOptions.resolve(input.apiSurfaces, null));
        List<String> names = plans.stream().map(planned -> planned.result().plan().spec()
                .clusterServiceVersionNames().get(0)).toList();
        if (plans.size() > 1) {
            err.println("installing " + plans.size() + " bundles in order: " + String.join(", ", names));
        }
        for (int i = 0; i < plans.size(); i++) {
            PlannedInput planned = plans.get(i);
            if (!planned.result().verdict().installable()) {
                ChainOutput.print(plans.stream().map(p -> SecretRedaction.redact(p.result().plan())).toList(),
                        flags.output() == OutputFormat.JSONL ? OutputFormat.TABLE : flags.output(), out);
                err.println("error: bundle " + names.get(i) + " cannot succeed on this cluster; nothing was "
                        + "applied");
                planned.result().verdict().reasons().forEach(reason -> err.println("  "
                        + TerminalText.safe(reason)));
                return ExitCode.PLAN_FAILED;
            }
        }
        PlanInstall installs = context.installs(pipeline);
        for (int i = 0; i < plans.size(); i++) {
            PlannedInput planned = plans.get(i);
            PlanInstall.Ended ended = installs.install(planned.result().planned(), planned.reading(), namespace,
                    flags.untilRunning());
            if (ended.locked()) {
                // A chain's plans were made together, so a lock taken meanwhile stops it: its re-run converges.
                err.println("error: " + TerminalText.safe(ended.lockedOut() instanceof LockState.Held held
                        ? held.describe() : "another operation of " + names.get(i) + " ran while the chain was planned")
                        + "; nothing of " + names.get(i) + " was written");
            }
            if (ended.exitCode() != ExitCode.OK) {
                if (plans.size() > 1) {
                    err.println("error: the chain stopped at " + names.get(i) + "; installed before it: "
                            + (i == 0 ? "none" : String.join(", ", names.subList(0, i)))
                            + "; not started: " + (i == plans.size() - 1 ? "none"
                                    : String.join(", ", names.subList(i + 1, plans.size())))
                            + " (run the same install again to go on)");
                }
                return ended.exitCode();
            }
        }
        return ExitCode.OK;
    }
}
