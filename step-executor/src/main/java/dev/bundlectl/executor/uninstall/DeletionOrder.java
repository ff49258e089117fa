package dev.bundlectl.executor.uninstall;

import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.RecordedStep;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/**
 * The order uninstall deletes in: reverse step order, so that objects go before what they depend
 * on (bindings before roles, the operator's objects before its CSV), and the CRDs after all of them
 * (docs/semantics.md §8, "Removing CRDs"): their custom resources go first, while the operator still
 * runs, then the operator, then the CRDs.
 */
final class DeletionOrder {

    private DeletionOrder() {
    }

    /**
     * The record's created objects, last step first. Objects without a step (made by the executor
     * itself, such as a namespace) were created before the steps ran, so they go last. Objects
     * with the same position keep reverse creation order.
     */
    static List<CreatedObject> of(InstallRecord record) {
        List<CreatedObject> ordered = new ArrayList<>(record.createdObjects());
        Collections.reverse(ordered);
        // List.sort is stable, so ties keep the reversed creation order.
        ordered.sort(Comparator.comparingInt((CreatedObject owned) -> stepIndex(record.steps(), owned)).reversed());
        return ordered;
    }

    /**
     * {@code ordered} with the CRDs moved to the end, each part in its order: a CRD goes once the
     * operator that serves its resources is gone.
     */
    static List<CreatedObject> crdsLast(List<CreatedObject> ordered) {
        List<CreatedObject> moved = new ArrayList<>(ordered.size());
        ordered.stream().filter(owned -> !isCrd(owned)).forEach(moved::add);
        ordered.stream().filter(DeletionOrder::isCrd).forEach(moved::add);
        return moved;
    }

    private static boolean isCrd(CreatedObject owned) {
        return GroupKind.CUSTOM_RESOURCE_DEFINITION.equals(new GroupKind(owned.object().group(), owned.object().kind()));
    }

    private static int stepIndex(List<RecordedStep> steps, CreatedObject owned) {
        for (int i = steps.size() - 1; i >= 0; i--) {
            if (steps.get(i).object().sameObjectAs(owned.object())) {
                return i;
            }
        }
        return -1;
    }
}
