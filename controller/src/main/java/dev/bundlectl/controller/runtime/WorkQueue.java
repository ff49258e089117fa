package dev.bundlectl.controller.runtime;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The keys of objects waiting to be reconciled, as in client-go's work queue: a key is queued at
 * most once however many events arrive for it, is never handed to two workers at once (an event
 * during a reconcile queues it again for after), a key whose reconcile asked to retry comes back
 * after an exponential backoff of its own, and a key may be queued again after a delay its reconcile
 * chose ({@link #addAfter}, client-go's {@code AddAfter}).
 */
public final class WorkQueue implements AutoCloseable {

    /**
     * One key to reconcile.
     *
     * @param key {@code namespace/name}
     * @param resync true only if every event since the key was last taken was a periodic resync
     */
    public record Item(String key, boolean resync) {
    }

    private final Duration baseDelay;
    private final Duration maxDelay;
    private final LinkedHashMap<String, Boolean> pending = new LinkedHashMap<>();
    private final Set<String> inFlight = new HashSet<>();
    private final Map<String, Boolean> queuedDuringFlight = new HashMap<>();
    private final Map<String, Integer> failures = new HashMap<>();
    /** When each key that {@link #addAfter} holds back is due ({@link System#nanoTime()}): one timer per key counts. */
    private final Map<String, Long> dueAt = new HashMap<>();
    private final ScheduledExecutorService timer;
    private boolean closed;

    /**
     * @param baseDelay the first retry delay of a key; each failure in a row doubles it
     * @param maxDelay the longest retry delay
     */
    public WorkQueue(Duration baseDelay, Duration maxDelay) {
        this.baseDelay = baseDelay;
        this.maxDelay = maxDelay;
        this.timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "bundlectl-workqueue-timer");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Queues {@code key}; a real change wins over a resync for a key already queued. */
    public synchronized void add(String key, boolean resync) {
        if (closed) {
            return;
        }
        if (inFlight.contains(key)) {
            queuedDuringFlight.merge(key, resync, Boolean::logicalAnd);
            return;
        }
        pending.merge(key, resync, Boolean::logicalAnd);
        notifyAll();
    }

    /** The next key, waiting for one; empty once the queue is closed. */
    public synchronized Optional<Item> take() throws InterruptedException {
        while (pending.isEmpty() && !closed) {
            wait();
        }
        if (closed) {
            return Optional.empty();
        }
        Iterator<Map.Entry<String, Boolean>> first = pending.entrySet().iterator();
        Map.Entry<String, Boolean> entry = first.next();
        first.remove();
        inFlight.add(entry.getKey());
        return Optional.of(new Item(entry.getKey(), entry.getValue()));
    }

    /**
     * Ends the reconcile of {@code key}: with {@code retry}, the key comes back after its backoff;
     * otherwise its backoff resets. An event that arrived meanwhile queues it at once.
     */
    public synchronized void done(String key, boolean retry) {
        inFlight.remove(key);
        Boolean again = queuedDuringFlight.remove(key);
        if (retry) {
            int failuresInARow = failures.merge(key, 1, Integer::sum);
            Duration delay = delay(failuresInARow);
            if (!closed) {
                timer.schedule(() -> add(key, false), delay.toMillis(), TimeUnit.MILLISECONDS);
            }
        } else {
            failures.remove(key);
        }
        if (again != null) {
            add(key, again);
        }
    }

    /**
     * Queues {@code key} after {@code delay} (at once when zero), as a change would. A key already held
     * back keeps the earlier of the two times, so that repeated requests do not multiply reconciles.
     */
    public synchronized void addAfter(String key, Duration delay) {
        if (closed) {
            return;
        }
        if (delay.isZero() || delay.isNegative()) {
            add(key, false);
            return;
        }
        long due = System.nanoTime() + delay.toNanos();
        Long earlier = dueAt.get(key);
        if (earlier != null && earlier - due <= 0) {
            return;
        }
        dueAt.put(key, due);
        timer.schedule(() -> addWhenDue(key, due), delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** A timer of {@link #addAfter} went off: the key is queued if no earlier time took this one's place. */
    private synchronized void addWhenDue(String key, long due) {
        Long current = dueAt.get(key);
        if (current != null && current == due) {
            dueAt.remove(key);
            add(key, false);
        }
    }

    /** How many keys wait (not counting those being reconciled). */
    public synchronized int size() {
        return pending.size();
    }

    Duration delay(int failuresInARow) {
        long millis = baseDelay.toMillis() << Math.min(failuresInARow - 1, 20);
        return Duration.ofMillis(Math.min(millis, maxDelay.toMillis()));
    }

    @Override
    public synchronized void close() {
        closed = true;
        pending.clear();
        notifyAll();
        timer.shutdownNow();
    }
}
