package dev.bundlectl.executor.install;

import dev.bundlectl.executor.ownership.OwnerMark;
import dev.bundlectl.executor.ownership.OwnershipDecision;
import dev.bundlectl.executor.records.ClientErrors;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.records.LostObject;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.StepStatus;
import io.vertx.core.Future;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Tells each install whose object this one took over ({@code --take-ownership}) that it lost it,
 * in its latest record (docs/semantics.md §8): its status then says so, and its uninstall leaves
 * the object alone. The record lives in that install's namespace, which this identity may not be
 * allowed to write: a note that cannot be written is a warning. The object itself says it either
 * way: its owner list no longer names that install.
 */
final class TakeoverNotes {

    private final InstallRecordStore store;

    TakeoverNotes(InstallRecordStore store) {
        this.store = store;
    }

    /** Notes the takeovers of {@code finished}'s applied steps; answers the warnings of notes not written. */
    Future<List<String>> tell(InstallPlan finished, OwnershipPlan ownership, Instant now) {
        List<String> warnings = new ArrayList<>();
        Future<Void> chain = Future.succeededFuture();
        for (Map.Entry<Integer, OwnershipDecision> entry : ownership.decisions().entrySet()) {
            StepStatus status = finished.steps().get(entry.getKey()).status();
            if (!(entry.getValue() instanceof OwnershipDecision.Owned owned) || owned.takenFrom().isEmpty()
                    || (status != StepStatus.CREATED && status != StepStatus.PRESENT)) {
                continue;
            }
            ObjectRef object = ObjectRef.of(finished.steps().get(entry.getKey()).resource());
            for (OwnerMark from : owned.takenFrom()) {
                LostObject lost = new LostObject(object, ownership.owner().packageName() + " in namespace "
                        + ownership.owner().namespace(), now);
                chain = chain.compose(done -> store.latestFor(from.owner().namespace(), from.owner().packageName())
                        .compose(record -> record.isEmpty() ? Future.succeededFuture()
                                : store.saveFirst(record.get().withLost(lost)).mapEmpty())
                        .<Void>mapEmpty()
                        .otherwise(error -> {
                            warnings.add("could not tell " + from.owner().describe() + " that it lost "
                                    + object.displayName() + ": " + ClientErrors.describe(error));
                            return null;
                        }));
            }
        }
        return chain.map(done -> warnings);
    }
}
