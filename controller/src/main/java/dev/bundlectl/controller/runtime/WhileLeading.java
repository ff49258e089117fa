package dev.bundlectl.controller.runtime;

/**
 * Work a controller does besides reconciling, only while this replica leads (or always, without
 * leader election), such as the periodic collector: started when leading starts, closed when it
 * stops, so that two replicas never do it at once.
 */
public interface WhileLeading {

    /** Starts the work; closing the answer stops it. Must not block. */
    AutoCloseable start();
}
