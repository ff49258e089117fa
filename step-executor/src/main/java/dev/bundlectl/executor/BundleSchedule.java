package dev.bundlectl.executor;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.cluster.concurrency.BoundedConcurrency;
import dev.bundlectl.plan.payload.InstallLevels;
import dev.bundlectl.plan.payload.InstallHistory;
import io.vertx.core.Future;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;

/**
 * A bundle's order, as OLM applies it: what the plan lists before the CSV, the CRDs (each until
 * it is served) and the CSV first, then discovery is refreshed for the kinds later steps need, then everything else with at most
 * {@code concurrency} in flight. During a first install the whole of it is staged by install level
 * (docs/semantics.md §5: every manifest of level 0 is reconciled before level 1 starts): level 0's CSV, CRDs
 * and rest, then level 1's. That is the order the plan lists on a first install. Level 1 is
 * create-only, so a level-1 CRD serves only level-1 objects; a level-0 object of its kind is the
 * bundle's contradiction and fails as unserved.
 *
 * <p>Once a step fails, or the deadline passes, no new step starts.
 */
final class BundleSchedule implements StepSchedule {

    private final List<Integer> runnable;
    private final IntPredicate isFoundation;
    private final IntPredicate isCsv;
    private final IntFunction<Manifest> manifestOf;
    private final StepStarter launcher;
    private final ServedKinds servedKinds;
    private final int concurrency;
    private final InstallHistory phase;

    /**
     * @param runnable the steps to run, in plan order
     * @param isFoundation whether a step is a CSV or a CRD
     * @param isCsv whether a step is the CSV
     * @param manifestOf a step's manifest, for its install level
     * @param launcher runs steps
     * @param servedKinds waits for the kinds the CRDs serve
     * @param concurrency how many steps may run at once
     * @param phase whether install levels apply
     */
    BundleSchedule(List<Integer> runnable, IntPredicate isFoundation, IntPredicate isCsv,
            IntFunction<Manifest> manifestOf,
            StepStarter launcher, ServedKinds servedKinds, int concurrency, InstallHistory phase) {
        this.runnable = List.copyOf(runnable);
        this.isFoundation = isFoundation;
        this.isCsv = isCsv;
        this.manifestOf = manifestOf;
        this.launcher = launcher;
        this.servedKinds = servedKinds;
        this.concurrency = concurrency;
        this.phase = phase;
    }

    @Override
    public Future<Void> run() {
        servedKinds.prefetchFor(runnable.stream().filter(index -> !isFoundation.test(index)).toList());
        Future<Void> done = Future.succeededFuture();
        for (List<Integer> stage : stages(runnable)) {
            done = done.compose(previous -> runStage(stage));
        }
        return done;
    }

    /**
     * One install level: the steps planned before the CSV (in OLM mode the OperatorGroup and the
     * RBAC that OLM checks when the CSV first appears, docs/semantics.md §6), the CRDs (each until
     * Established), the CSV, then (once their kinds are served) the rest. The CSV follows the CRDs
     * so that OLM finds the CRDs it owns on its first look.
     */
    private Future<Void> runStage(List<Integer> stage) {
        int firstCsv = stage.stream().filter(isCsv::test).findFirst().orElse(-1);
        List<Integer> leading = new ArrayList<>();
        List<Integer> crds = new ArrayList<>();
        List<Integer> csvs = new ArrayList<>();
        List<Integer> rest = new ArrayList<>();
        for (int index : stage) {
            if (isCsv.test(index)) {
                csvs.add(index);
            } else if (isFoundation.test(index)) {
                crds.add(index);
            } else {
                (firstCsv >= 0 && index < firstCsv ? leading : rest).add(index);
            }
        }
        return runGroup(leading)
                .compose(finished -> runGroup(crds))
                .compose(finished -> runGroup(csvs))
                .compose(finished -> launcher.anyFailed() ? Future.succeededFuture()
                        : servedKinds.awaitKindsUsedBy(rest))
                .compose(served -> runGroup(rest));
    }

    /** The steps in install-level stages, plan order kept within each; a single stage outside a first install. */
    private List<List<Integer>> stages(List<Integer> steps) {
        Map<Manifest, Integer> indexOf = new IdentityHashMap<>();
        List<Manifest> manifests = new ArrayList<>(steps.size());
        for (int index : steps) {
            Manifest manifest = manifestOf.apply(index);
            indexOf.put(manifest, index);
            manifests.add(manifest);
        }
        return InstallLevels.stages(manifests, phase).stream()
                .map(stage -> stage.stream().map(indexOf::get).toList())
                .toList();
    }

    private Future<Void> runGroup(List<Integer> indices) {
        // A step's failure is its own outcome (already recorded); the limiter only stops starting.
        return BoundedConcurrency.<Integer, Void>run(new ArrayDeque<>(indices), concurrency,
                index -> launcher.launch(index).mapEmpty(), (index, result) -> {
                }, () -> !launcher.anyFailed() && launcher.withinDeadline());
    }
}
