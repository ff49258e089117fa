package dev.bundlectl.bundle.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * FIFOs and symbolic links for trust-boundary tests, made in the test's temporary directory. A
 * machine without {@code mkfifo} or symbolic links skips the test with the reason.
 */
public final class SpecialFiles {

    private SpecialFiles() {
    }

    /** Makes a FIFO at {@code path} with {@code mkfifo}; Java has no call for it. */
    public static Path fifo(Path path) throws IOException, InterruptedException {
        Files.createDirectories(path.getParent());
        Process mkfifo;
        try {
            mkfifo = new ProcessBuilder("mkfifo", path.toString()).redirectErrorStream(true).start();
        } catch (IOException e) {
            Assumptions.abort("needs mkfifo: " + e.getMessage());
            throw e;
        }
        boolean done = mkfifo.waitFor(10, TimeUnit.SECONDS);
        Assumptions.assumeTrue(done && mkfifo.exitValue() == 0, "mkfifo failed on this machine");
        return path;
    }

    /** Makes a symbolic link at {@code link} whose target is written exactly as {@code target}. */
    public static Path link(Path link, String target) throws IOException {
        Files.createDirectories(link.getParent());
        try {
            return Files.createSymbolicLink(link, Path.of(target));
        } catch (UnsupportedOperationException e) {
            Assumptions.abort("needs symbolic links: " + e.getMessage());
            throw e;
        }
    }
}
