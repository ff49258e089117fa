package dev.bundlectl.source.catalog;

import java.util.Objects;

/**
 * One upgrade edge of a channel: the bundle named {@code to} may be installed over the one named
 * {@code from}, because it replaces it, skips it, or holds its version in its {@code skipRange}.
 *
 * @param from the bundle installed before
 * @param to the bundle installed over it
 */
public record ChannelEdge(String from, String to) {

    public ChannelEdge {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
    }
}
