package dev.bundlectl.cli;

import dev.bundlectl.executor.ClusterConnection;
import java.util.concurrent.Executor;

/**
 * Runs blocking fabric8 calls (the install-record store's) on Vert.x's worker pool, never on an
 * event loop.
 */
final class WorkerExecutor {

    private WorkerExecutor() {
    }

    static Executor of(ClusterConnection connection) {
        return command -> connection.vertx().executeBlocking(() -> {
            command.run();
            return null;
        }, false);
    }
}
