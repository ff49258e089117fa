package dev.bundlectl.executor.testing;

import dev.bundlectl.executor.StepEvent;
import dev.bundlectl.plan.model.StepStatus;
import io.vertx.core.Context;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** Collects step events and the kind of thread each one arrived on. */
public final class RecordingListener implements Consumer<StepEvent> {

    private final List<StepEvent> events = new ArrayList<>();
    private boolean allOnVertxThreads = true;

    @Override
    public synchronized void accept(StepEvent event) {
        events.add(event);
        allOnVertxThreads &= Context.isOnVertxThread();
    }

    public synchronized List<StepEvent> events() {
        return List.copyOf(events);
    }

    public synchronized List<StepEvent> eventsFor(int stepIndex) {
        return events.stream().filter(event -> event.stepIndex() == stepIndex).toList();
    }

    public synchronized List<StepEvent> retries(int stepIndex) {
        return eventsFor(stepIndex).stream().filter(StepEvent::isRetry).toList();
    }

    /** Position in the event stream of the first event that moved this step to {@code status}. */
    public synchronized int positionOf(int stepIndex, StepStatus status) {
        for (int i = 0; i < events.size(); i++) {
            StepEvent event = events.get(i);
            if (event.stepIndex() == stepIndex && event.status() == status && !event.isRetry()) {
                return i;
            }
        }
        return -1;
    }

    public synchronized boolean allOnVertxThreads() {
        return allOnVertxThreads;
    }
}
