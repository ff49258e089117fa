package dev.bundlectl.executor.uninstall;

import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.RecordedStep;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/**
 * The order uninstall deletes in: reverse step order, so that objects go before what they depend
 * on (bindings before roles, everything before the CSV's CRDs and the CSV).
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

    private static int stepIndex(List<RecordedStep> steps, CreatedObject owned) {
        for (int i = steps.size() - 1; i >= 0; i--) {
            if (steps.get(i).object().sameObjectAs(owned.object())) {
                return i;
            }
        }
        return -1;
    }
}
