package dev.bundlectl.bench;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the benchmark corpus is: an explicit path (the JMH parameter {@code corpus}), else the
 * system property {@value #PROPERTY}, else {@value #DEFAULT} relative to the working directory
 * (the repository root, next to which {@code shared/} lives).
 */
public final class CorpusLocation {

    /** System property naming the corpus directory (the one holding {@code dev/}). */
    public static final String PROPERTY = "bundlectl.corpus";
    /** The corpus seen from the repository root. */
    public static final String DEFAULT = "../shared/corpus";

    private CorpusLocation() {
    }

    /**
     * @param explicit a path given on the command line, or null or blank for the property or default
     * @return the absolute, normalised corpus directory
     * @throws IllegalArgumentException when it has no {@code dev/} directory, naming the path tried
     */
    public static Path resolve(String explicit) {
        String chosen = explicit != null && !explicit.isBlank() ? explicit : System.getProperty(PROPERTY, DEFAULT);
        Path corpus = Path.of(chosen).toAbsolutePath().normalize();
        if (!Files.isDirectory(corpus.resolve(BenchCorpus.DEV))) {
            throw new IllegalArgumentException("no corpus at " + corpus + ": expected a " + BenchCorpus.DEV
                    + "/ directory there; run from the repository root or pass -D" + PROPERTY + "=<corpus dir>");
        }
        return corpus;
    }
}
