package dev.bundlectl.executor;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.payload.InstallLevels;
import dev.bundlectl.plan.payload.InstallPhase;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;

/**
 * A bundle's order, as OLM applies it: the CSV and the CRDs first (each CRD until it is served),
 * then discovery is refreshed for the kinds later steps need, then everything else with at most
 * {@code concurrency} in flight. During a first install that rest is staged by install level
 * (seed 002): every level-0 step is reconciled before any level-1 step starts. The foundation is
 * not staged: CRDs must be served before anything that uses them, whatever their level.
 *
 * <p>Once a step fails, or the deadline passes, no new step starts.
 */
final class FoundationFirstSchedule implements ExecutionSchedule {

    private final List<Integer> runnable;
    private final IntPredicate isFoundation;
    private final IntFunction<Manifest> manifestOf;
    private final StepLauncher launcher;
    private final ServedKinds servedKinds;
    private final int concurrency;
    private final InstallPhase phase;

    /**
     * @param runnable the steps to run, in plan order
     * @param isFoundation whether a step is a CSV or a CRD
     * @param manifestOf a step's manifest, for its install level
     * @param launcher runs steps
     * @param servedKinds waits for the kinds the CRDs serve
     * @param concurrency how many steps may run at once
     * @param phase whether install levels apply
     */
    FoundationFirstSchedule(List<Integer> runnable, IntPredicate isFoundation, IntFunction<Manifest> manifestOf,
            StepLauncher launcher, ServedKinds servedKinds, int concurrency, InstallPhase phase) {
        this.runnable = List.copyOf(runnable);
        this.isFoundation = isFoundation;
        this.manifestOf = manifestOf;
        this.launcher = launcher;
        this.servedKinds = servedKinds;
        this.concurrency = concurrency;
        this.phase = phase;
    }

    @Override
    public Future<Void> run() {
        List<Integer> foundation = new ArrayList<>();
        List<Integer> rest = new ArrayList<>();
        for (int index : runnable) {
            (isFoundation.test(index) ? foundation : rest).add(index);
        }
        servedKinds.prefetchFor(rest);
        Future<Void> done = runGroup(foundation)
                .compose(finished -> launcher.anyFailed() ? Future.succeededFuture()
                        : servedKinds.awaitKindsUsedBy(rest));
        for (List<Integer> stage : stages(rest)) {
            done = done.compose(previous -> runGroup(stage));
        }
        return done;
    }

    /** The rest in install-level stages; a single stage outside a first install. */
    private List<List<Integer>> stages(List<Integer> rest) {
        Map<Manifest, Integer> indexOf = new IdentityHashMap<>();
        List<Manifest> manifests = new ArrayList<>(rest.size());
        for (int index : rest) {
            Manifest manifest = manifestOf.apply(index);
            indexOf.put(manifest, index);
            manifests.add(manifest);
        }
        return InstallLevels.stages(manifests, phase).stream()
                .map(stage -> stage.stream().map(indexOf::get).toList())
                .toList();
    }

    private Future<Void> runGroup(List<Integer> indices) {
        return BoundedRunner.run(indices, concurrency, index -> launcher.launch(index).mapEmpty(),
                () -> !launcher.anyFailed() && launcher.withinDeadline());
    }
}
