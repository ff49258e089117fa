package dev.bundlectl.bundle.yaml;

import java.util.Objects;

/**
 * An anchor ({@code &name}) or an alias ({@code *name}) written in a YAML text. The loader expands
 * aliases itself; it reports where they were used so that stricter readers can refuse them.
 *
 * @param kind anchor or alias
 * @param name the name after {@code &} or {@code *}
 * @param line the one-based line, or 0 when unknown
 * @param column the one-based column, or 0 when unknown
 */
public record YamlReference(Kind kind, String name, int line, int column) {

    public YamlReference {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
    }

    /** Which side of a reference this is. */
    public enum Kind {
        /** {@code &name}: names the node that follows. */
        ANCHOR,
        /** {@code *name}: stands for a copy of the anchored node. */
        ALIAS
    }
}
