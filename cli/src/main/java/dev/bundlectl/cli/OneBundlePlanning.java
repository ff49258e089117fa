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
        return onCluster(input, cluster, source, diagnostics, err, (planned, connection, namespace) -> planned);
    }

    /** What the plan of one bundle or payload is for, while the connection it was made on is still open. */
    @FunctionalInterface
    interface WithConnection<T> {

        /** Uses {@code planned}, made against {@code connection} for {@code namespace}. */
        T apply(PlannedInput planned, ClusterConnection connection, String namespace);
    }

    /**
     * Plans against the cluster the options name (which must name one), and hands the plan to
     * {@code then} before the connection closes: {@code plan -o diff} asks the same cluster about it.
     */
    static <T> T planOnCluster(PlanInputOptions input, ClusterOptions cluster, DiagnosticsPrinter diagnostics,
            PrintWriter err, WithConnection<T> then) {
        SourcedInput source = new BundleSourcing(input.registry, err).resolve(input);
        return onCluster(input, cluster, source, diagnostics, err, then);
    }

    private static <T> T onCluster(PlanInputOptions input, ClusterOptions cluster, SourcedInput source,
            DiagnosticsPrinter diagnostics, PrintWriter err, WithConnection<T> then) {
        BackgroundConnection.Prepared<ReadInput> prepared = BackgroundConnection.openWhile(cluster,
                () -> new Planning(diagnostics).read(input, source), ReadInput::prepareForPlanning);
        ReadInput read = prepared.input();
        try (ClusterConnection connection = prepared.connection()) {
            Planning.Live live = new Planning.Live(new InstallPipeline(connection), err,
                    DiscoveryRetries.DEFAULT_PATIENCE);
            String namespace = TargetNamespace.of(input.namespace, connection);
            PlannedInput planned = new Planning(diagnostics, live).plan(input, read, namespace,
                    () -> ApiSurfaceOptions.resolve(input.apiSurfaces, null));
            return then.apply(planned, connection, namespace);
        }
    }
}
