package dev.bundlectl.executor.pipeline;

import dev.bundlectl.executor.StepEvent;

/**
 * Told how an install goes, as it goes: each step event, and each line worth showing while it
 * waits for the new version to run. Both arrive on a Vert.x thread, which must not block: a
 * listener queues or drops what it is told.
 */
public interface PipelineListener {

    /** A listener that is told nothing worth keeping (the controller's reconcile). */
    PipelineListener NONE = new PipelineListener() {
        @Override
        public void step(StepEvent event) {
            // The reconcile reports the outcome only.
        }

        @Override
        public void waiting(String line) {
            // The reconcile reports the outcome only.
        }
    };

    /** A step changed status, or a step's request is retried. */
    void step(StepEvent event);

    /** A line of the wait for the new version: OLM's phase as it changes, a Deployment Available. */
    void waiting(String line);
}
