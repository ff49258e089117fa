package dev.bundlectl.executor;

import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.executor.apply.RunEnvironment;
import dev.bundlectl.cluster.discovery.GroupVersion;
import dev.bundlectl.cluster.discovery.GroupVersionResources;
import dev.bundlectl.plan.api.GroupVersionKind;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.StepStatus;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * Waits, after CRDs are Established, until discovery lists the kinds that later steps need from
 * them: the API server's discovery can trail the Established condition a little, and a stale
 * cached answer would make those steps fail as "not found". Kinds nobody needs are not waited for.
 */
final class ServedKinds {

    private static final Set<StepStatus> SERVED_CRD = Set.of(StepStatus.CREATED, StepStatus.PRESENT);

    private final StepTracker tracker;
    private final Map<GroupKind, Integer> crdStepByKind;
    private final RunEnvironment env;

    /**
     * @param tracker the execution's steps
     * @param crdStepByKind the group and kind to the index of the CRD step that defines it
     * @param env the execution's environment
     */
    ServedKinds(StepTracker tracker, Map<GroupKind, Integer> crdStepByKind, RunEnvironment env) {
        this.tracker = tracker;
        this.crdStepByKind = Map.copyOf(crdStepByKind);
        this.env = env;
    }

    /** Whether a step is a CRD of this plan. */
    boolean definesKinds(int index) {
        return crdStepByKind.containsValue(index);
    }

    /**
     * Starts discovery of the group/versions that {@code steps} need and that no CRD of this plan
     * defines, so that those lookups overlap the CSV and CRD phase instead of following it (one
     * round trip less on the critical path). Kinds a plan CRD defines are left alone: they are
     * refreshed once the CRD is Established. Failures are not cached and are left for the steps.
     */
    void prefetchFor(List<Integer> steps) {
        Set<GroupVersion> started = new HashSet<>();
        for (int index : steps) {
            StepResource resource = tracker.step(index).resource();
            String group = resource.group() == null ? "" : resource.group();
            if (!crdStepByKind.containsKey(resource.groupKind()) && started.add(new GroupVersion(group, resource.version()))) {
                env.discovery().groupVersion(group, resource.version());
            }
        }
    }

    /**
     * Re-reads discovery until it lists every kind that one of {@code steps} needs from a served
     * CRD of this plan, or until the CRD timeout. Never fails: a step whose kind is still missing
     * reports it as not found.
     */
    Future<Void> awaitKindsUsedBy(List<Integer> steps) {
        return awaitKinds(steps, crd -> true);
    }

    /** The same, only for the kinds the CRD step {@code crdIndex} defines. */
    Future<Void> awaitKindsDefinedBy(int crdIndex, List<Integer> steps) {
        return awaitKinds(steps, crd -> crd == crdIndex);
    }

    private Future<Void> awaitKinds(List<Integer> steps, IntPredicate crdFilter) {
        if (env.dryRun()) {
            return Future.succeededFuture();
        }
        long limit = Math.min(env.now() + env.options().crdTimeout().toNanos(), env.deadlineNanos());
        Set<GroupVersionKind> awaited = new HashSet<>();
        List<Future<Void>> refreshes = new ArrayList<>();
        for (int index : steps) {
            StepResource resource = tracker.step(index).resource();
            String group = resource.group() == null ? "" : resource.group();
            Integer definingCrd = crdStepByKind.get(resource.groupKind());
            if (definingCrd == null || !crdFilter.test(definingCrd)
                    || !SERVED_CRD.contains(tracker.step(definingCrd).status())
                    || !awaited.add(new GroupVersionKind(group, resource.version(), resource.kind()))) {
                continue;
            }
            refreshes.add(awaitServed(group, resource.version(), resource.kind(), limit));
        }
        return Future.join(refreshes).<Void>mapEmpty().otherwiseEmpty();
    }

    private Future<Void> awaitServed(String group, String version, String kind, long limit) {
        return env.discovery().refresh(group, version).transform(answer -> {
            GroupVersionResources served = answer.succeeded() ? answer.result() : null;
            if (served != null && served.find(kind).isPresent()) {
                return Future.succeededFuture();
            }
            if (env.now() + env.options().crdPollInterval().toNanos() > limit) {
                // The steps that need this kind will report it as not found.
                return Future.succeededFuture();
            }
            return env.options().scheduler().sleep(env.context(), env.options().crdPollInterval())
                    .compose(slept -> awaitServed(group, version, kind, limit));
        });
    }
}
