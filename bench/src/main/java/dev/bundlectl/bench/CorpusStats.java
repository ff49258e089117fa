package dev.bundlectl.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The size of one benchmark operation: how many bundles and bytes a pass over the corpus handles,
 * used to turn milliseconds per operation into bundles per second and megabytes per second.
 *
 * @param bundles bundle directories in the corpus
 * @param files manifest and metadata files in them
 * @param bytes the total size of those files
 */
public record CorpusStats(int bundles, int files, long bytes) {

    /** Bytes in a megabyte as reported here (decimal, like disk and network figures). */
    public static final double BYTES_PER_MB = 1_000_000.0;

    /** Counts the bundles and the sizes of their files (reads file attributes, not contents). */
    public static CorpusStats of(BenchCorpus corpus) {
        int files = 0;
        long bytes = 0;
        for (CorpusBundle bundle : corpus.bundles()) {
            for (Path file : bundle.files()) {
                files++;
                bytes += size(file);
            }
        }
        return new CorpusStats(corpus.bundles().size(), files, bytes);
    }

    /** Bundles per second when one pass over the corpus takes {@code millisPerPass}. */
    public double bundlesPerSecond(double millisPerPass) {
        return bundles * 1000.0 / millisPerPass;
    }

    /** Megabytes of input per second when one pass over the corpus takes {@code millisPerPass}. */
    public double megabytesPerSecond(double millisPerPass) {
        return bytes / BYTES_PER_MB * 1000.0 / millisPerPass;
    }

    /** {@link #bytes} in megabytes. */
    public double megabytes() {
        return bytes / BYTES_PER_MB;
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot stat " + file, e);
        }
    }
}
