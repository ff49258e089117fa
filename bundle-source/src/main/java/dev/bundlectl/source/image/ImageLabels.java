package dev.bundlectl.source.image;

/** The image labels that say what a bundle or catalog image holds, and where. */
public final class ImageLabels {

    /** Must be {@code registry+v1} for a bundle. */
    public static final String MEDIA_TYPE = "operators.operatorframework.io.bundle.mediatype.v1";
    /** The directory of the bundle's manifests (default {@code manifests/}). */
    public static final String MANIFESTS = "operators.operatorframework.io.bundle.manifests.v1";
    /** The directory of the bundle's metadata (default {@code metadata/}). */
    public static final String METADATA = "operators.operatorframework.io.bundle.metadata.v1";
    /** The directory of a catalog image's file-based catalog (default {@code /configs}). */
    public static final String CATALOG_CONFIGS = "operators.operatorframework.io.index.configs.v1";

    private ImageLabels() {
    }
}
