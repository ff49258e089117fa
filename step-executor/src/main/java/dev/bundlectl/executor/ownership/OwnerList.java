package dev.bundlectl.executor.ownership;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * One package's owner list on an object, the value of {@code owners.bundlectl.dev/<package>}: the
 * digest of the content the package's installs applied, and their namespaces, sorted
 * ({@code sha256:3f…e1 team-a,team-b}; docs/semantics.md §8).
 *
 * @param digest the {@code sha256:} digest of the content
 * @param namespaces the installs' namespaces, sorted, each once
 */
record OwnerList(String digest, List<String> namespaces) {

    OwnerList {
        Objects.requireNonNull(digest, "digest");
        namespaces = List.copyOf(new TreeSet<>(namespaces));
    }

    /**
     * The list an annotation's value holds. A value that is not one (edited by hand) reads as its
     * first word for the digest and no namespace, so that it names no owner and is rewritten whole.
     */
    static OwnerList parse(String value) {
        String trimmed = value == null ? "" : value.trim();
        int space = trimmed.indexOf(' ');
        if (space < 0) {
            return new OwnerList(trimmed, List.of());
        }
        List<String> namespaces = new ArrayList<>();
        for (String namespace : trimmed.substring(space + 1).split(",")) {
            if (!namespace.isBlank()) {
                namespaces.add(namespace.trim());
            }
        }
        return new OwnerList(trimmed.substring(0, space), namespaces);
    }

    /** The annotation's value: the digest, a space, the namespaces joined by commas. */
    String value() {
        return digest + " " + String.join(",", namespaces);
    }

    /** This list with {@code added} and without {@code removed}. */
    OwnerList changed(Collection<String> added, Collection<String> removed) {
        TreeSet<String> changed = new TreeSet<>(namespaces);
        changed.addAll(added);
        changed.removeAll(removed);
        return new OwnerList(digest, new ArrayList<>(changed));
    }
}
