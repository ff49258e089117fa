package dev.bundlectl.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.executor.connect.ClusterConnection;
import dev.bundlectl.executor.capability.ClusterVersionReader;
import dev.bundlectl.executor.capability.ExistenceCheck;
import dev.bundlectl.executor.capability.ExistingObjects;
import dev.bundlectl.executor.discovery.DiscoveryFailedException;
import dev.bundlectl.executor.kube.ApiException;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.records.PreviousInstall;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.PayloadPlanner;
import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.capability.CapabilityAnnotation;
import dev.bundlectl.plan.capability.CapabilityConfig;
import dev.bundlectl.plan.capability.CapabilityConfigResult;
import dev.bundlectl.plan.capability.CapabilityReport;
import dev.bundlectl.plan.capability.CapabilityResolution;
import dev.bundlectl.plan.capability.CapabilityResolver;
import dev.bundlectl.plan.capability.ClusterCapabilityStatus;
import dev.bundlectl.plan.payload.StepManifests;
import java.io.PrintWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Decides a plan's capabilities against a live cluster (docs/semantics.md §4), on the CLI's main
 * thread, which may wait for the cluster's answers:
 * <ol>
 *   <li>the user's capability options; without any, the cluster's own ClusterVersion status when
 *       it is an OpenShift cluster (said on stderr); without either, no capability filtering;</li>
 *   <li>a capability that the latest install of the same target enabled and this one disables is
 *       rejected (exit 2, nothing applied);</li>
 *   <li>an excluded manifest whose object already exists, or that the latest install applied,
 *       implicitly enables its capabilities.</li>
 * </ol>
 * The decisions are {@link CapabilityResolver}'s; this class only gathers what it needs.
 */
final class ClusterCapabilities {

    /**
     * What is being planned.
     *
     * @param namespace the install namespace, where the target's install records are
     * @param packageName the package (a payload's directory name), which names the target
     * @param payload whether it is a release payload, whose objects keep their own namespaces
     */
    record Target(String namespace, String packageName, boolean payload) {

        /** The target of a stored plan: its namespace (else {@code namespace}), package and layout. */
        static Target of(InstallPlan plan, String namespace) {
            String planNamespace = plan.metadata().namespace();
            return new Target(planNamespace != null ? planNamespace : namespace,
                    plan.metadata().annotations().getOrDefault(PlanAnnotations.PACKAGE, plan.metadata().name()),
                    PayloadPlanner.isPayloadPlan(plan));
        }

        /** Where the planner puts namespaced objects: the install namespace for a bundle, their own for a payload. */
        String placementNamespace() {
            return payload ? null : namespace;
        }
    }

    private final ClusterConnection connection;
    private final InstallRecordStore records;
    private final PrintWriter err;
    private final Map<Target, PreviousInstall> previous = new HashMap<>();

    ClusterCapabilities(ClusterConnection connection, PrintWriter err) {
        this.connection = connection;
        this.records = new InstallRecordStore(connection.retryingApi());
        this.err = err;
    }

    /** The latest install of the target, read once per target. */
    PreviousInstall previousInstall(Target target) {
        return previous.computeIfAbsent(target, key -> PreviousInstall.of(
                Await.result(records.latestFor(key.namespace(), key.packageName()))));
    }

    /**
     * Which of these manifests' objects exist on the cluster, through the same lookups as implicit
     * capability enablement; objects that cannot be read count as absent, with a warning.
     */
    ExistenceCheck existing(List<Manifest> manifests, Target target) {
        ExistenceCheck live = Await.result(new ExistingObjects(connection.retryingApi(), connection.discovery())
                .check(manifests, target.placementNamespace()));
        live.warnings().forEach(warning -> err.println("warning: " + warning));
        return live;
    }

    /**
     * The capabilities to plan with, or empty for no capability filtering.
     *
     * @throws UserInputException for invalid options, or a capability that an earlier install enabled
     *     and this one would disable
     * @throws IllegalStateException when the cluster's ClusterVersion cannot be read
     */
    Optional<CapabilityConfig> resolve(CapabilityOptions options, List<Manifest> manifests, Target target,
            DiagnosticsPrinter diagnostics) {
        Optional<CapabilityConfig> requested = options.resolve(manifests, diagnostics);
        if (requested.isEmpty()) {
            requested = fromClusterVersion(manifests, diagnostics);
        }
        if (requested.isEmpty()) {
            return Optional.empty();
        }
        PreviousInstall earlier = previousInstall(target);
        List<Manifest> excluded = CapabilityResolver.excludedBy(requested.get(), manifests);
        ExistenceCheck live = Await.result(new ExistingObjects(connection.retryingApi(), connection.discovery())
                .check(excluded, target.placementNamespace()));
        live.warnings().forEach(warning -> err.println("warning: " + warning));
        CapabilityResolution resolution = CapabilityResolver.resolve(requested.get(), earlier.enabledCapabilities(),
                manifest -> live.exists(manifest) || earlier.applied(manifest, target.placementNamespace()),
                manifests);
        diagnostics.reportOrFail(resolution.diagnostics());
        if (!(resolution instanceof CapabilityResolution.Resolved resolved)) {
            throw new IllegalStateException("a rejected capability resolution carries an error");
        }
        return Optional.of(resolved.config());
    }

    /**
     * A reviewed plan is applied as it is, but it may not disable a capability that the latest
     * install of its target enabled, any more than a fresh plan may.
     *
     * @return the plan, when it passes
     * @throws UserInputException naming the capabilities it would disable
     */
    InstallPlan checkReviewed(InstallPlan plan, Target target, String source, DiagnosticsPrinter diagnostics) {
        Optional<CapabilityConfig> planned = CapabilityReport.config(plan.status().capabilities(), source);
        if (planned.isPresent()) {
            diagnostics.reportOrFail(CapabilityResolver.resolve(planned.get(),
                    previousInstall(target).enabledCapabilities(), manifest -> false,
                    List.copyOf(StepManifests.of(plan).values())).diagnostics());
        }
        return plan;
    }

    private Optional<CapabilityConfig> fromClusterVersion(List<Manifest> manifests, DiagnosticsPrinter diagnostics) {
        Optional<ObjectNode> clusterVersion;
        try {
            clusterVersion = Await.result(new ClusterVersionReader(connection.retryingApi(), connection.discovery()).read());
        } catch (ApiException | DiscoveryFailedException e) {
            // The cluster refused or failed, not the user's input: exit 1 like any cluster failure.
            throw new IllegalStateException("cannot read the cluster's capabilities from " + ClusterCapabilityStatus.KIND
                    + "/" + ClusterCapabilityStatus.NAME + " (" + e.getMessage() + "); give them with "
                    + "--capabilities-file or the capability flags");
        }
        if (clusterVersion.isEmpty()) {
            return Optional.empty();
        }
        CapabilityConfigResult result = ClusterCapabilityStatus.read(clusterVersion.get(),
                "cluster " + connection.server(), CapabilityAnnotation.namesIn(manifests));
        diagnostics.reportOrFail(result.diagnostics());
        result.config().ifPresent(config -> err.println("capabilities: none given, so the cluster's own apply ("
                + ClusterCapabilityStatus.KIND + "/" + ClusterCapabilityStatus.NAME + " status): "
                + config.enabled().size() + " enabled" + (config.disabled().isEmpty() ? ""
                        : ", disabled: " + String.join(", ", config.disabled()))));
        return result.config();
    }
}
