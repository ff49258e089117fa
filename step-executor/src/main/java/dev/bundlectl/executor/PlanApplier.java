package dev.bundlectl.executor;

import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.executor.apply.PreflightFinding;
import dev.bundlectl.executor.ownership.OwnerListing;
import dev.bundlectl.cluster.discovery.Discovery;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.records.AppliedState;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.planned.PlannedInstall;
import io.vertx.core.Context;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Executes InstallPlans against a cluster, without blocking any thread: every request is
 * asynchronous, every delay is a timer, and the whole execution runs on one Vert.x context.
 * A bundle's plan runs its CSV and CRDs first, then the rest (by install level during a first
 * install); a release payload's plan (metadata annotation {@code bundlectl.dev/layout: payload})
 * runs in the run graph's order its plan carries ({@link PlannedInstall#payloadOrder()}). The steps
 * arrive with their objects parsed: nothing here reads a manifest's JSON text.
 *
 * <p>Usage:
 * <pre>{@code
 * try (ClusterConnection cluster = ClusterConnection.open(ConnectionSettings.defaults())) {
 *     RunningPlan run = new PlanApplier(cluster).start(planned, ApplySettings.defaults(), System.out::println);
 *     InstallPlan done = run.result().toCompletionStage().toCompletableFuture().join(); // not on an event loop
 * }
 * }</pre>
 */
public final class PlanApplier {

    private final Vertx vertx;
    private final KubeApi api;
    private final Discovery discovery;

    /** An executor for the connected cluster. */
    public PlanApplier(ClusterConnection connection) {
        this(connection.vertx(), connection.api(), connection.discovery());
    }

    /** An executor on explicit parts (tests, or callers with their own {@link KubeApi}). */
    public PlanApplier(Vertx vertx, KubeApi api, Discovery discovery) {
        this.vertx = Objects.requireNonNull(vertx, "vertx");
        this.api = Objects.requireNonNull(api, "api");
        this.discovery = Objects.requireNonNull(discovery, "discovery");
    }

    /** What the cluster serves, as this executor looks kinds up. */
    public Discovery discovery() {
        return discovery;
    }

    /** The API server this executor writes to, for reads that go with a run (whose owners still stand). */
    public KubeApi api() {
        return api;
    }

    /**
     * Starts executing {@code plan}. Steps whose status is {@code NotCreated} or
     * {@code UnsupportedResource} are never sent; every other step is reset to {@code Unknown} and
     * applied again, so re-running a finished plan re-applies it.
     *
     * @param plan the plan, its steps' objects parsed and located (see {@link PlannedInstall})
     * @param options concurrency, timeouts, dry run, backoff, time
     * @param listener receives every status change and retry, on the execution's Vert.x context:
     *     it must return quickly and never block
     * @return the running execution; may be called from any thread, including an event loop
     */
    public RunningPlan start(PlannedInstall plan, ApplySettings options, Consumer<StepEvent> listener) {
        return start(plan, options, listener, Map.of());
    }

    /**
     * Starts executing {@code plan}, leaving out the requests that would change nothing: a step
     * {@link PreflightFinding.Unchanged} whose object is applied with server-side apply, and whose
     * body is the one that state was left by, and a create-only step
     * {@link PreflightFinding.Existing}, are reported {@code Present} without a request. The caller
     * vouches that the findings still hold (a preflight's dry run made them).
     *
     * @param found by step index, what the preflight found of the step's object
     */
    public RunningPlan start(PlannedInstall plan, ApplySettings options, Consumer<StepEvent> listener,
            Map<Integer, PreflightFinding> found) {
        return start(plan, options, listener, found, Map.of());
    }

    /**
     * Starts executing {@code plan} as {@link #start(PlannedInstall, ApplySettings, Consumer, Map)}
     * does, and, once each step's write succeeded, makes its object's owner lists say what
     * {@code listings} says (docs/semantics.md §8): a step applied with server-side apply then
     * writes them with a JSON patch on the version its apply answered, a create sends them in its
     * body. A dry run writes none.
     *
     * @param listings by step index, what the step's write does to its object's owner lists; a step
     *     without one (an object the install leaves to its owner, a run no install owns) lists nothing
     */
    public RunningPlan start(PlannedInstall plan, ApplySettings options, Consumer<StepEvent> listener,
            Map<Integer, PreflightFinding> found, Map<Integer, OwnerListing> listings) {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(found, "found");
        Objects.requireNonNull(listings, "listings");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(listener, "listener");
        // On a Vert.x thread this is the caller's own context; elsewhere a new event-loop context.
        Context context = vertx.getOrCreateContext();
        Promise<InstallPlan> result = Promise.promise();
        Map<Integer, CreatedIdentity> created = new ConcurrentHashMap<>();
        Map<Integer, AppliedState> applied = new ConcurrentHashMap<>();
        Set<Integer> existing = ConcurrentHashMap.newKeySet();
        Map<Integer, PreflightFinding> known = Map.copyOf(found);
        Map<Integer, OwnerListing> listed = Map.copyOf(listings);
        Set<Integer> deletionsRequested = ConcurrentHashMap.newKeySet();
        Set<Integer> unavailable = ConcurrentHashMap.newKeySet();
        Map<Integer, String> forbidden = new ConcurrentHashMap<>();
        Observations observations = new Observations();
        context.runOnContext(start -> {
            try {
                new PlanRun(plan, options, context, api, discovery, listener, created, applied, existing, known,
                        listed, deletionsRequested, unavailable, forbidden, observations).run()
                        .onComplete(result);
            } catch (RuntimeException bug) {
                result.fail(bug);
            }
        });
        return new RunningPlan(result.future(), created, applied, existing, deletionsRequested, unavailable, forbidden,
                observations);
    }
}
