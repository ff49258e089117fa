package dev.bundlectl.cli;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Works through many items on a pool of threads and hands each answer on in the items' order, on
 * the calling thread. At most {@code window} items run ahead of the answer being handed on, each
 * either waiting for a thread or finished and waiting for its turn, so memory stays bounded by
 * the window, not by the number of items. A batch plan and a catalog's upgrade check both read
 * thousands of bundles this way.
 */
final class InOrderPool {

    private InOrderPool() {
    }

    /**
     * Runs {@code work} on each item and passes each answer to {@code sink} in item order.
     *
     * @param threads how many items run at once (at least 1; one runs everything on the caller)
     * @param window how many items may run ahead of the answer handed on
     * @param work must not throw for a bad item (answer it instead), and must be safe on several
     *     threads at once
     * @param threadName what the pool's threads are called, for thread dumps and profiles
     */
    static <I, O> void run(int threads, int window, List<I> items, Function<I, O> work, Consumer<O> sink,
            String threadName) {
        if (threads <= 1 || items.size() <= 1) {
            items.forEach(item -> sink.accept(work.apply(item)));
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, items.size()), named(threadName));
        try {
            Deque<Future<O>> inFlight = new ArrayDeque<>();
            Iterator<I> next = items.iterator();
            while (next.hasNext() || !inFlight.isEmpty()) {
                while (next.hasNext() && inFlight.size() < Math.max(1, window)) {
                    I item = next.next();
                    inFlight.add(pool.submit(() -> work.apply(item)));
                }
                sink.accept(await(inFlight.removeFirst()));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static <O> O await(Future<O> answer) {
        try {
            return answer.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the pool", e);
        } catch (ExecutionException e) {
            // The work answers every item's failure; this is a bug (or an Error).
            Throwable cause = e.getCause();
            if (cause instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException("a pooled task failed: " + cause, cause);
        }
    }

    /** Daemon threads, so that a failing run still exits; named, for thread dumps and profiles. */
    private static ThreadFactory named(String threadName) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, threadName + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
