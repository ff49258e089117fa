package dev.bundlectl.executor;

import dev.bundlectl.cluster.concurrency.BoundedConcurrency;
import java.util.ArrayDeque;
import io.vertx.core.Future;
import java.util.List;

/**
 * The last stage of an upgrade: the delete steps for what the previous install created and the new
 * bundle no longer has. They start only once every other step has finished without a failure, so
 * that a failed upgrade never removes what the old version still uses; otherwise each is marked
 * not started, with the reason.
 */
final class RemovalStage {

    static final String NOT_STARTED = "not deleted: an earlier step failed, so the old version's objects stay";

    private final int concurrency;

    RemovalStage(int concurrency) {
        this.concurrency = concurrency;
    }

    Future<Void> run(List<Integer> removals, StepStarter launcher) {
        if (removals.isEmpty()) {
            return Future.succeededFuture();
        }
        if (launcher.anyFailed() || !launcher.withinDeadline()) {
            removals.forEach(index -> launcher.skip(index, NOT_STARTED));
            return Future.succeededFuture();
        }
        return BoundedConcurrency.run(new ArrayDeque<>(removals), concurrency,
                index -> launcher.launch(index).mapEmpty(), (index, result) -> { },
                () -> !launcher.anyFailed() && launcher.withinDeadline());
    }
}
