package dev.bundlectl.executor.planning;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.concurrency.BoundedConcurrency;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.crdschema.upgrade.CrdUpgradeSafety;
import dev.bundlectl.crdschema.upgrade.UpgradeFinding;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.ManifestDigest;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.executor.records.PreviousInstall;
import dev.bundlectl.executor.records.RecordedStep;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.crdsafety.CrdUpdateFindings;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepAction;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.plan.planned.PlannedStep;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the live version of each CRD a plan would change and asks {@link CrdUpgradeSafety} what
 * replacing it would break (docs/semantics.md §9, "CRD upgrade safety"). A CRD that does not exist
 * yet breaks nothing. A CRD whose manifest is the one the target's last install applied is not
 * read: the update is the one that install made, already judged then; so a re-run, and an upgrade
 * that keeps its CRDs, cost no request. A CRD that cannot be read is named as unread, not judged;
 * the install's own check before it writes the CRD reads it again. Reached through
 * {@link ClusterPlanning#crdUpdates}.
 */
final class CrdUpdateReading {

    /** How many CRDs are read at once, as the existence check reads objects. */
    private static final int READS_AT_ONCE = 4;
    /** CRDs are read as {@code apiextensions.k8s.io/v1}, which every supported server serves. */
    private static final ApiResource CRDS = new ApiResource("apiextensions.k8s.io", "v1", "CustomResourceDefinition",
            "customresourcedefinitions", false);
    private static final Set<StepStatus> APPLIED = Set.of(StepStatus.CREATED, StepStatus.PRESENT);

    private final KubeApi api;
    private final Vertx vertx;

    CrdUpdateReading(KubeApi api, Vertx vertx) {
        this.api = api;
        this.vertx = vertx;
    }

    /** What the plan's CRD updates would break; never fails. */
    Future<CrdUpdateFindings> read(PlannedInstall planned, PreviousInstall previous) {
        List<PlannedStep> updates = planned.steps().stream().filter(step -> changes(step.step(), previous)).toList();
        if (updates.isEmpty()) {
            return Future.succeededFuture(CrdUpdateFindings.NONE);
        }
        List<Optional<CrdUpdateFindings.CrdUpdate>> compared = new ArrayList<>();
        List<String> unread = new ArrayList<>();
        updates.forEach(step -> compared.add(Optional.empty()));
        return BoundedConcurrency.forEach(indices(updates.size()), READS_AT_ONCE, index -> {
            PlannedStep step = updates.get(index);
            String name = step.step().resource().name();
            return api.get(CRDS, null, name)
                    .compose(live -> compare(name, live, step.object()))
                    .map(update -> {
                        synchronized (compared) {
                            compared.set(index, Optional.of(update));
                        }
                        return update;
                    })
                    .recover(error -> {
                        if (!(error instanceof ApiException missing && missing.isHttp(404))) {
                            synchronized (compared) {
                                unread.add("CustomResourceDefinition " + name + ": " + error.getMessage());
                            }
                        }
                        return Future.succeededFuture();
                    });
        }).map(done -> {
            synchronized (compared) {
                return new CrdUpdateFindings(compared.stream().flatMap(Optional::stream).toList(),
                        unread.stream().sorted().toList());
            }
        });
    }

    /** The comparison of two CRDs, on a worker thread: both may be large. */
    private Future<CrdUpdateFindings.CrdUpdate> compare(String name, ObjectNode live, ObjectNode planned) {
        return vertx.executeBlocking(() -> {
            List<UpgradeFinding> findings = CrdUpgradeSafety.findings(live, planned);
            return new CrdUpdateFindings.CrdUpdate(name, findings);
        }, false);
    }

    /**
     * Whether the step writes a CRD the target's last install did not leave as planned: a CRD
     * step that is sent, and whose manifest that install did not apply.
     */
    private static boolean changes(Step step, PreviousInstall previous) {
        if (!step.resource().groupKind().isCrd() || step.status().isNeverSent()
                || step.action() == StepAction.DELETE || step.action() == StepAction.KEEP) {
            return false;
        }
        Optional<InstallRecord> record = previous.record();
        if (record.isEmpty()) {
            return true;
        }
        ObjectRef object = ObjectRef.of(step.resource());
        String digest = ManifestDigest.of(step.resource().manifest());
        for (RecordedStep recorded : record.get().steps()) {
            if (recorded.object().sameObjectAs(object) && APPLIED.contains(recorded.status())
                    && digest != null && digest.equals(recorded.manifestDigest())) {
                return false;
            }
        }
        return true;
    }

    private static List<Integer> indices(int size) {
        List<Integer> indices = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            indices.add(i);
        }
        return indices;
    }
}
