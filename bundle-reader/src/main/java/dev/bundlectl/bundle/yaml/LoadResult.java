package dev.bundlectl.bundle.yaml;

import dev.bundlectl.bundle.Diagnostics;
import java.util.List;

/**
 * What loading one file produced.
 *
 * @param documents the non-empty documents parsed before any error, in file order
 * @param diagnostics duplicate-key warnings, and an error when the file could not be read or
 *     parsed to its end
 */
public record LoadResult(List<LoadedDocument> documents, Diagnostics diagnostics) {

    public LoadResult {
        documents = List.copyOf(documents);
    }

    /** Whether the file was read and parsed to its end. */
    public boolean complete() {
        return !diagnostics.hasErrors();
    }
}
