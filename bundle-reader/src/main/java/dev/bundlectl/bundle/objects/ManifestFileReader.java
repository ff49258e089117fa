package dev.bundlectl.bundle.objects;

import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.SourceLocation;
import dev.bundlectl.bundle.yaml.LoadResult;
import dev.bundlectl.bundle.yaml.LoadedDocument;
import dev.bundlectl.bundle.yaml.SafeYamlLoader;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads one manifest file into {@link Manifest}s: safe loading, then object extraction. A file
 * that holds no object is read with a warning naming it.
 */
public final class ManifestFileReader {

    private final SafeYamlLoader loader;
    private final ManifestExtractor extractor = new ManifestExtractor();

    public ManifestFileReader(SafeYamlLoader loader) {
        this.loader = loader;
    }

    /**
     * What became of one file.
     *
     * @param parsed whether the file was read and parsed to its end
     * @param invalidObjects how many of its objects were left out as invalid
     */
    public record Outcome(boolean parsed, int invalidObjects) {
    }

    /**
     * Appends the file's valid objects to {@code out}.
     *
     * @param displayPath the file's path relative to the bundle or payload root
     */
    public Outcome read(Path file, String displayPath, List<Manifest> out, Diagnostics.Collector diagnostics) {
        LoadResult loaded = loader.load(file, displayPath);
        diagnostics.addAll(loaded.diagnostics());
        if (loaded.complete() && loaded.documents().isEmpty()) {
            // Empty documents are skipped; a file of nothing else may be a manifest that failed
            // to render, and the plan would silently go without it.
            diagnostics.warning(SourceLocation.file(displayPath), null, null,
                    "the file holds no objects (it is empty, or only comments and empty documents)");
        }
        int invalid = 0;
        for (LoadedDocument document : loaded.documents()) {
            invalid += extractor.extract(document, out, diagnostics);
        }
        return new Outcome(loaded.complete(), invalid);
    }
}
