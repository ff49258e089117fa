package dev.bundlectl.cli;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.discovery.DiscoveryRetries;
import dev.bundlectl.executor.pipeline.InstallPipeline;
import java.io.PrintWriter;

/**
 * Plans the one bundle or payload the input names, offline or read-only against the cluster the
 * options name: what {@code plan} prints and {@code template} renders, made the same way.
 */
final class OneBundlePlanning {

    private OneBundlePlanning() {
    }

    /** Offline by default; against the cluster when one is named. */
    static PlannedInput plan(PlanInputOptions input, ClusterOptions cluster, DiagnosticsPrinter diagnostics,
            PrintWriter err) {
        // The image is pulled (or the catalog read) before any cluster is contacted.
        SourcedInput source = new BundleSourcing(input.registry, err).resolve(input);
        if (!cluster.given()) {
            return new Planning(diagnostics).plan(input, source, TargetNamespace.offline(input.namespace),
                    () -> ApiSurfaceOptions.resolve(input.apiSurfaces, null));
        }
        BackgroundConnection.Prepared<ReadInput> prepared = BackgroundConnection.openWhile(cluster,
                () -> new Planning(diagnostics).read(input, source), ReadInput::prepareForPlanning);
        ReadInput read = prepared.input();
        try (ClusterConnection connection = prepared.connection()) {
            Planning.Live live = new Planning.Live(new InstallPipeline(connection), err,
                    DiscoveryRetries.DEFAULT_PATIENCE);
            return new Planning(diagnostics, live).plan(input, read, TargetNamespace.of(input.namespace, connection),
                    () -> ApiSurfaceOptions.resolve(input.apiSurfaces, null));
        }
    }
}
