package dev.bundlectl.bundle.yaml;

import dev.bundlectl.bundle.Diagnostics;
import java.util.List;
import java.util.Optional;

/**
 * What loading one file produced.
 *
 * @param documents the non-empty documents parsed before any error, in file order
 * @param diagnostics the bundle reader's words for what follows: duplicate-key warnings, and an
 *     error when the file could not be read or parsed to its end
 * @param references every anchor and alias met before parsing stopped, in file order; aliases are
 *     already expanded in {@link #documents}
 * @param duplicateKeys every duplicate key met before parsing stopped, in file order (the last
 *     value won)
 * @param failure why parsing stopped before the end of a text that was read, if it did
 */
public record LoadResult(
        List<LoadedDocument> documents,
        Diagnostics diagnostics,
        List<YamlReference> references,
        List<DuplicateKey> duplicateKeys,
        Optional<ParseFailure> failure) {

    public LoadResult {
        documents = List.copyOf(documents);
        references = List.copyOf(references);
        duplicateKeys = List.copyOf(duplicateKeys);
    }

    /** A file that was not read or parsed at all: nothing but {@code diagnostics}. */
    static LoadResult unread(Diagnostics diagnostics) {
        return new LoadResult(List.of(), diagnostics, List.of(), List.of(), Optional.empty());
    }

    /** Whether the file was read and parsed to its end. */
    public boolean complete() {
        return !diagnostics.hasErrors();
    }
}
