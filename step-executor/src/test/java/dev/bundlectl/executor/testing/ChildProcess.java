package dev.bundlectl.executor.testing;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A binary from {@code ../shared} run as a child of the test JVM ({@link RealOlm}'s operator,
 * {@link RealControllerManager}): its output goes to a log file, never to the test's output, and a
 * JVM that ends without stopping it kills it on the way out, so that no run leaves one behind.
 */
final class ChildProcess implements AutoCloseable {

    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

    private final Process process;
    private final Path log;
    private final Thread killOnExit;

    private ChildProcess(Process process, Path log, String name) {
        this.process = process;
        this.log = log;
        this.killOnExit = new Thread(process::destroyForcibly, name + "-kill-on-exit");
        Runtime.getRuntime().addShutdownHook(killOnExit);
    }

    /**
     * Starts {@code command}, its output and errors appended to {@code log}, no input.
     *
     * @param name what the process is, for the shutdown hook's thread
     * @param environment variables to add to the JVM's own
     */
    static ChildProcess start(List<String> command, Map<String, String> environment, Path log, String name) {
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        builder.environment().putAll(environment);
        try {
            return new ChildProcess(builder.start(), log, name);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command.get(0), e);
        }
    }

    /** Whether it still runs. */
    boolean isAlive() {
        return process.isAlive();
    }

    /** Its exit code; only once it has ended. */
    int exitValue() {
        return process.exitValue();
    }

    /** Its process id. */
    long pid() {
        return process.pid();
    }

    /** The file holding its output. */
    Path log() {
        return log;
    }

    /** The last {@code lines} lines of its log, for failure messages. */
    String logTail(int lines) {
        // A chatty process's log grows by thousands of lines a minute: read only its end.
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
            long length = file.length();
            long from = Math.max(0, length - 64 * 1024);
            byte[] bytes = new byte[(int) (length - from)];
            file.seek(from);
            file.readFully(bytes);
            List<String> all = Arrays.asList(new String(bytes, StandardCharsets.UTF_8).split("\n"));
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(log " + log + " unreadable: " + e + ")";
        }
    }

    /** Stops it: SIGTERM, then SIGKILL after 10 s. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(killOnExit);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running or about to: nothing to remove.
            }
        }
    }
}
