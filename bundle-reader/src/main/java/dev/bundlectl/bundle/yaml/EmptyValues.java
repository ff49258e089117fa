package dev.bundlectl.bundle.yaml;

/** What a YAML key with nothing after it ({@code key:}) reads as. Quoted {@code ''} is always "". */
public enum EmptyValues {
    /** {@code null}, as Kubernetes reads manifests: for bundles and payloads. */
    NULL,
    /**
     * The empty string, so that it differs from an explicit {@code null} or {@code ~}: a
     * configuration file can then reject a field left blank instead of taking its default.
     */
    EMPTY_STRING
}
