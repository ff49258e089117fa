package dev.bundlectl.bundle.yaml;

import dev.bundlectl.bundle.yaml.DuplicateKey;
import dev.bundlectl.bundle.yaml.LoadResult;
import dev.bundlectl.bundle.yaml.LoadedDocument;
import dev.bundlectl.bundle.yaml.ParseFailure;
import dev.bundlectl.bundle.yaml.YamlReference;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What a file a person writes by hand (a plan file, an API surface list, a capability
 * configuration) holds under the strict reading such files get: exactly one document, written out
 * in full, every key once.
 *
 * <p>The loader expands aliases and lets the last of two equal keys win, which suits bundles
 * that tools generate. In a hand-edited configuration both usually hide a mistake, so here they
 * are refusals; so is a second document, which would otherwise be ignored without a word.
 */
public sealed interface StrictDocument {

    /**
     * Applies the strict reading to what the loader found in one text. When several rules are
     * broken, the refusal is the first forbidden reference or duplicate key in the file (whichever
     * comes first, as a person fixes a file from the top); else the parse failure; else the number
     * of documents.
     *
     * @param loaded the loader's result
     * @param forbidden the YAML references the file may not use
     */
    static StrictDocument of(LoadResult loaded, Set<YamlReference.Kind> forbidden) {
        Optional<YamlReference> reference = loaded.references().stream()
                .filter(r -> forbidden.contains(r.kind())).findFirst();
        Optional<DuplicateKey> duplicate = loaded.duplicateKeys().stream().findFirst();
        if (duplicate.isPresent() && (reference.isEmpty() || comesBefore(duplicate.get(), reference.get()))) {
            return new DuplicatedKey(duplicate.get());
        }
        if (reference.isPresent()) {
            return new Forbidden(reference.get());
        }
        if (loaded.failure().isPresent()) {
            return new Unparsable(loaded.failure().get());
        }
        List<LoadedDocument> documents = loaded.documents();
        if (documents.isEmpty()) {
            return new Empty();
        }
        int documentCount = documents.get(documents.size() - 1).location().documentIndex() + 1;
        LoadedDocument first = documents.get(0);
        // An empty document after the one is a trailing "---"; an empty one before it is not.
        if (first.location().documentIndex() > 0) {
            return new ExtraDocument(first.line(), documentCount);
        }
        if (documents.size() > 1) {
            return new ExtraDocument(documents.get(1).line(), documentCount);
        }
        return new One(first);
    }

    private static boolean comesBefore(DuplicateKey duplicate, YamlReference reference) {
        return duplicate.line() < reference.line()
                || (duplicate.line() == reference.line() && duplicate.column() < reference.column());
    }

    /** The file holds exactly one document and breaks no rule. */
    record One(LoadedDocument document) implements StrictDocument {

        public One {
            Objects.requireNonNull(document, "document");
        }
    }

    /** Why the file is refused. */
    sealed interface Refusal extends StrictDocument {

        /** The refusal in a reader's words (a message, an exception...). */
        default <T> T describe(Wording<T> wording) {
            // One dispatch over the sealed cases, until Java has pattern-matching switch.
            if (this instanceof Forbidden forbidden) {
                return wording.forbidden(forbidden.reference());
            }
            if (this instanceof DuplicatedKey duplicated) {
                return wording.duplicateKey(duplicated.key());
            }
            if (this instanceof Unparsable unparsable) {
                return wording.unparsable(unparsable.failure());
            }
            if (this instanceof ExtraDocument extra) {
                return wording.extraDocument(extra.line(), extra.documents());
            }
            return wording.empty();
        }
    }

    /** The file uses an anchor or alias it may not. */
    record Forbidden(YamlReference reference) implements Refusal {
    }

    /** A mapping has the same key twice. */
    record DuplicatedKey(DuplicateKey key) implements Refusal {
    }

    /** The file is not well-formed, or not within the reader's limits. */
    record Unparsable(ParseFailure failure) implements Refusal {
    }

    /**
     * The file holds another document besides the one.
     *
     * @param line where the other document starts
     * @param documents how many documents the file holds, counted up to its last non-empty one
     */
    record ExtraDocument(int line, int documents) implements Refusal {
    }

    /** The file holds no document, or only empty ones. */
    record Empty() implements Refusal {
    }

    /**
     * How one reader words each refusal, without the file name. The places are in the arguments:
     * one-based lines and columns, 0 when unknown.
     *
     * @param <T> what the reader makes of a refusal: a message, an exception
     */
    interface Wording<T> {

        /** The file uses {@code reference}, which it may not. */
        T forbidden(YamlReference reference);

        /** A mapping has {@code key} twice. */
        T duplicateKey(DuplicateKey key);

        /** The file could not be parsed to its end. */
        T unparsable(ParseFailure failure);

        /** The file holds {@code documents} documents; the second starts on {@code line}. */
        T extraDocument(int line, int documents);

        /** The file holds no document. */
        T empty();
    }
}
