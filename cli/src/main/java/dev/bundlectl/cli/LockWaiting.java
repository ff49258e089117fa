package dev.bundlectl.cli;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.lock.LockState;
import dev.bundlectl.executor.lock.LockTarget;
import dev.bundlectl.executor.lock.PackageLock;
import dev.bundlectl.executor.waiting.Blocking;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;

/**
 * What a command does when another operation of the package holds its lock (docs/semantics.md §3,
 * "One operation at a time"): by default it is refused at once, with one line naming the holder
 * and when its lease expires; with {@code --wait-for-lock[=DURATION]} it waits, within that
 * patience over the whole command, and plans again once the lock is free.
 */
final class LockWaiting {

    /** The exit code of a command refused because another operation holds the lock. */
    static final int HELD = ExitCode.ERROR;

    private final Duration patience;
    private final PrintWriter err;
    private final Instant deadline;

    /**
     * @param patience how long to wait in all, or null to refuse at once
     * @param err where the refusal or the wait is said
     */
    LockWaiting(Duration patience, PrintWriter err) {
        this.patience = patience;
        this.err = err;
        this.deadline = patience == null ? null : Instant.now().plus(patience);
    }

    /**
     * Waits for {@code held} to be released (or to expire), or refuses: true when the caller should
     * plan again, false when it was refused (the line is printed; exit {@link #HELD}).
     */
    boolean waitForFree(ClusterConnection connection, LockState.Held held) {
        Duration left = deadline == null ? Duration.ZERO : Duration.between(Instant.now(), deadline);
        if (deadline == null || left.isNegative() || left.isZero()) {
            err.println("error: " + TerminalText.safe(held.describe()) + (deadline == null
                    ? " (pass --wait-for-lock to wait for it)" : " (--wait-for-lock waited " + patience.toSeconds() + "s)"));
            return false;
        }
        err.println("waiting for the lock: " + TerminalText.safe(held.describe()));
        err.flush();
        LockTarget target = held.target();
        LockState now = Blocking.result(new PackageLock(connection.api(), connection.vertx(), target).awaitFree(left));
        if (now instanceof LockState.Held stillHeld) {
            err.println("error: " + TerminalText.safe(stillHeld.describe()) + " (--wait-for-lock waited "
                    + patience.toSeconds() + "s)");
            return false;
        }
        return true;
    }
}
