package dev.bundlectl.executor.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;

/**
 * A lock that one process on the machine holds at a time: a file lock under the temporary
 * directory. It serialises what cannot run twice on one machine, such as the olm-operator whose
 * health port is hard-coded, between test JVMs of different checkouts (a developer's and a
 * helper's) instead of failing the second on a taken port. The operating system drops the lock
 * when the holding JVM ends, killed or not.
 */
final class MachineWideLock implements AutoCloseable {

    private static final Duration POLL = Duration.ofMillis(500);

    private final FileChannel channel;
    private final FileLock lock;

    private MachineWideLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the lock named {@code name}, waiting up to {@code patience} for another process to let
     * it go, and saying on stderr once that it waits.
     *
     * @throws IllegalStateException when the lock stays taken for {@code patience}
     */
    static MachineWideLock take(String name, Duration patience) {
        Path file = Path.of(System.getProperty("java.io.tmpdir"), "bundlectl-" + name + ".lock");
        long deadline = System.nanoTime() + patience.toNanos();
        boolean said = false;
        try {
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            while (true) {
                FileLock lock = tryLock(channel);
                if (lock != null) {
                    return new MachineWideLock(channel, lock);
                }
                if (System.nanoTime() > deadline) {
                    channel.close();
                    throw new IllegalStateException("another process on this machine held " + file + " for "
                            + patience.toMinutes() + " min");
                }
                if (!said) {
                    System.err.println("[bundlectl] waiting for another test run on this machine to let go of " + file);
                    said = true;
                }
                Thread.sleep(POLL.toMillis());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + file, e);
        }
    }

    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException heldByThisJvm) {
            return null;
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
