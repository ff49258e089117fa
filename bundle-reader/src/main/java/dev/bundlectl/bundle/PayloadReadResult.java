package dev.bundlectl.bundle;

import java.util.List;
import java.util.Objects;

/**
 * What reading a payload directory produced.
 *
 * @param manifests every object read, in path then document order. Objects with the same identity
 *     but different content are all kept: payloads ship variants for feature sets and profiles.
 *     Invalid objects are left out (and reported).
 * @param diagnostics errors and warnings found while reading
 */
public record PayloadReadResult(List<Manifest> manifests, Diagnostics diagnostics) {

    public PayloadReadResult {
        manifests = List.copyOf(manifests);
        Objects.requireNonNull(diagnostics, "diagnostics");
    }
}
