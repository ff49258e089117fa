package dev.bundlectl.executor;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;

/**
 * Runs tasks with at most {@code limit} in flight. Before each start it asks {@code mayStart};
 * once that says no, nothing new starts, the running tasks finish, and the rest never start.
 * Must be used on one Vert.x context: its state is not locked.
 */
final class BoundedRunner {

    private final Deque<Integer> waiting;
    private final int limit;
    private final IntFunction<Future<Void>> task;
    private final BooleanSupplier mayStart;
    private final Promise<Void> done = Promise.promise();
    private int running;

    private BoundedRunner(List<Integer> indices, int limit, IntFunction<Future<Void>> task, BooleanSupplier mayStart) {
        this.waiting = new ArrayDeque<>(indices);
        this.limit = limit;
        this.task = task;
        this.mayStart = mayStart;
    }

    /**
     * Runs {@code task} for each index; completes when every started task has finished.
     * Tasks' failures are ignored: tasks report their own outcome.
     */
    static Future<Void> run(List<Integer> indices, int limit, IntFunction<Future<Void>> task, BooleanSupplier mayStart) {
        BoundedRunner runner = new BoundedRunner(indices, limit, task, mayStart);
        runner.fill();
        return runner.done.future();
    }

    private void fill() {
        while (running < limit && !waiting.isEmpty() && mayStart.getAsBoolean()) {
            int index = waiting.poll();
            running++;
            Future<Void> started;
            try {
                started = task.apply(index);
            } catch (RuntimeException e) {
                started = Future.failedFuture(e);
            }
            started.onComplete(finished -> {
                running--;
                fill();
            });
        }
        if (running == 0) {
            done.tryComplete();
        }
    }
}
