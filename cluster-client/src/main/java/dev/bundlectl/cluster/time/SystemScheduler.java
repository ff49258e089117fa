package dev.bundlectl.cluster.time;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.time.Duration;

/** Real time, with delays on Vert.x timers so that no thread waits. */
final class SystemScheduler implements Scheduler {

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public Future<Void> sleep(Context context, Duration delay) {
        Promise<Void> done = Promise.promise();
        long millis = Math.max(1, delay.toMillis());
        // The timer is set from the context so that its handler runs on that context.
        context.runOnContext(ignored -> context.owner().setTimer(millis, id -> done.complete()));
        return done.future();
    }
}
