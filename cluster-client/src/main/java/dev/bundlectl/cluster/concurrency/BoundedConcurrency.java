package dev.bundlectl.cluster.concurrency;

import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Objects;
import java.util.Queue;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * Starts asynchronous tasks with at most {@code limit} in flight, without blocking any thread.
 *
 * <p>Work is taken from a queue the caller owns, in the queue's order, whenever a slot is free.
 * Before each start {@code mayStart} is asked; once it says no, nothing new starts, the running
 * tasks finish and the rest never start. When a task ends, {@code onFinished} is told (with its
 * result, a failure included) before the next start, so it may add work to the queue or take
 * some away: a graph walk adds the nodes that became ready. The returned future completes when
 * no task is running and none may start.
 *
 * <p>Callbacks may come on any thread, as a task's future completes. The queue, {@code mayStart}
 * and {@code onFinished} are only touched under this object's lock, and one caller at a time
 * starts tasks, outside the lock; a task that completes at once does not recurse into the next.
 *
 * @param <T> one unit of work
 * @param <R> what a task's future completes with
 */
public final class BoundedConcurrency<T, R> {

    private final Queue<T> pending;
    private final int limit;
    private final Function<? super T, Future<R>> task;
    private final BiConsumer<? super T, AsyncResult<R>> onFinished;
    private final BooleanSupplier mayStart;
    private final Promise<Void> done = Promise.promise();
    private int running;
    /** Whether some caller is in {@link #fill()}'s start loop. */
    private boolean filling;
    /** Whether something changed while another caller was filling, so it must look again. */
    private boolean lookAgain;

    private BoundedConcurrency(Queue<T> pending, int limit, Function<? super T, Future<R>> task,
            BiConsumer<? super T, AsyncResult<R>> onFinished, BooleanSupplier mayStart) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, not " + limit);
        }
        this.pending = Objects.requireNonNull(pending, "pending");
        this.limit = limit;
        this.task = Objects.requireNonNull(task, "task");
        this.onFinished = Objects.requireNonNull(onFinished, "onFinished");
        this.mayStart = Objects.requireNonNull(mayStart, "mayStart");
    }

    /**
     * Runs the work in {@code pending}.
     *
     * @param pending the work not yet started, taken in its order; {@code onFinished} may change it
     * @param limit how many tasks may be in flight at once, at least 1
     * @param task starts one unit of work; a thrown exception counts as a failed task
     * @param onFinished told of each task's end, before anything else starts
     * @param mayStart asked before each start; once it says no, nothing more starts
     * @return completes when every started task has finished and nothing more may start; fails
     *     only when {@code onFinished} throws (a bug), after which nothing more starts
     */
    public static <T, R> Future<Void> run(Queue<T> pending, int limit, Function<? super T, Future<R>> task,
            BiConsumer<? super T, AsyncResult<R>> onFinished, BooleanSupplier mayStart) {
        BoundedConcurrency<T, R> runner = new BoundedConcurrency<>(pending, limit, task, onFinished, mayStart);
        runner.fill();
        return runner.done.future();
    }

    /**
     * Runs {@code task} for each item, in order, at most {@code limit} at once; a task's failure is
     * ignored (tasks report their own outcome) and stops nothing.
     */
    public static <T> Future<Void> forEach(Collection<T> items, int limit, Function<? super T, Future<?>> task) {
        return run(new ArrayDeque<>(items), limit, item -> task.apply(item).mapEmpty(), (item, result) -> {
        }, () -> true);
    }

    private void fill() {
        synchronized (this) {
            if (filling) {
                lookAgain = true;
                return;
            }
            filling = true;
        }
        while (true) {
            T next;
            boolean allDone = false;
            synchronized (this) {
                next = done.future().isComplete() ? null : nextToStart();
                if (next == null) {
                    if (lookAgain) {
                        lookAgain = false;
                        continue;
                    }
                    filling = false;
                    allDone = running == 0;
                } else {
                    running++;
                }
            }
            if (next == null) {
                if (allDone) {
                    // Outside the lock: whoever waits on the result runs now, on this thread.
                    done.tryComplete();
                }
                return;
            }
            start(next);
        }
    }

    /** The next unit of work, or null when no slot is free, nothing waits, or starting has stopped. */
    private T nextToStart() {
        if (running >= limit || pending.isEmpty() || !mayStart.getAsBoolean()) {
            return null;
        }
        return pending.poll();
    }

    private void start(T next) {
        Future<R> started;
        try {
            started = Objects.requireNonNull(task.apply(next), "task returned no future");
        } catch (RuntimeException e) {
            started = Future.failedFuture(e);
        }
        started.onComplete(result -> finished(next, result));
    }

    private void finished(T unit, AsyncResult<R> result) {
        synchronized (this) {
            running--;
            try {
                onFinished.accept(unit, result);
            } catch (RuntimeException bug) {
                done.tryFail(bug);
            }
        }
        fill();
    }
}
