package dev.bundlectl.cli;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.discovery.DiscoveryRetries;
import dev.bundlectl.executor.pipeline.InstallPipeline;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.source.catalog.ChannelWalk;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Plans {@code --catalog}'s choice: the chosen bundle and the dependencies resolved for it from the
 * catalog, each planned as if those before it were installed, offline or read-only against the
 * cluster the options name (where only what the cluster does not already meet is planned, and an
 * installed version is walked along the channel: its first hop is planned). What {@code plan
 * --catalog} prints and {@code template --catalog} renders, made the same way.
 */
final class CatalogChainPlanning {

    private CatalogChainPlanning() {
    }

    /**
     * The plans of a catalog's choice, and whether the CRD upgrade safety policy refuses the walk
     * along the channel they start (a later hop's CRD updates would break stored objects).
     *
     * @param plans in install order, dependencies first
     * @param walkRefused whether {@code --crd-upgrade-safety=strict} refuses the walk's later hops
     */
    record Plans(List<PlannedInput> plans, boolean walkRefused) {
        Plans {
            plans = List.copyOf(plans);
        }
    }

    /** The plans in install order, dependencies first. */
    static Plans plan(PlanInputOptions input, ClusterOptions cluster, DiagnosticsPrinter diagnostics,
            PrintWriter err) {
        BundleSourcing sourcing = new BundleSourcing(input.registry, err);
        CatalogChain chain = sourcing.resolveChain(input);
        Supplier<ApiSurface> surface = () -> ApiSurfaceOptions.resolve(input.apiSurfaces, null);
        if (!cluster.given()) {
            return new Plans(new ChainPlanning(new Planning(diagnostics)).plan(input, chain.inputs(),
                    TargetNamespace.offline(input.namespace), surface), false);
        }
        try (ClusterConnection connection = BackgroundConnection.openWhile(cluster, () -> null).connection()) {
            InstallPipeline live = new InstallPipeline(connection);
            String namespace = TargetNamespace.of(input.namespace, connection);
            List<SourcedInput> needed = new ArrayList<>(chain.neededIn(live.planning(), namespace));
            boolean walkRefused = false;
            if (CatalogWalking.of(connection, chain, namespace, input.force) instanceof ChannelWalk.Hops hops
                    && hops.hops().size() > 1) {
                // Each later hop is planned against the cluster as the one before it leaves it: the
                // first is what can be planned now. What the later hops' CRD updates would break is
                // known from their bundles alone.
                err.println(CatalogWalking.line(chain, namespace, hops) + "; planned here: the first hop, "
                        + hops.hops().get(0).name());
                List<SourcedInput> pulled = sourcing.pull(hops.hops());
                needed.set(needed.size() - 1, pulled.get(0));
                walkRefused = WalkCrdUpdates.report(pulled, hops.hops(), input.crdUpgradeSafety, err);
            }
            return new Plans(new ChainPlanning(new Planning(diagnostics, new Planning.Live(live, err,
                    DiscoveryRetries.DEFAULT_PATIENCE))).plan(input, needed, namespace, surface), walkRefused);
        }
    }
}
