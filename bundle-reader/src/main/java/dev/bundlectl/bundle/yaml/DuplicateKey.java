package dev.bundlectl.bundle.yaml;

/**
 * A mapping key that appeared twice in one mapping; the last value won.
 *
 * @param path the field path of the key, e.g. {@code spec.template.metadata.labels.app}
 * @param key the key itself
 * @param line the one-based line of the second occurrence, or 0 when unknown
 * @param column the one-based column where the second occurrence starts, or 0 when unknown
 */
public record DuplicateKey(String path, String key, int line, int column) {
}
