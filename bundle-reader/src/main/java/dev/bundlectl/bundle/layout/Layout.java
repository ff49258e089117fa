package dev.bundlectl.bundle.layout;

import dev.bundlectl.bundle.Diagnostic;
import java.nio.file.Path;

/** Where a bundle's manifests and metadata are, or why the directory is not a bundle root. */
public sealed interface Layout {

    /**
     * The directories to read.
     *
     * @param manifestsDir the manifests directory (exists)
     * @param manifestsName its path relative to the bundle root, without a trailing slash
     * @param metadataDir the metadata directory (may not exist: then there are no properties)
     * @param metadataName its path relative to the bundle root, without a trailing slash
     */
    record Resolved(Path manifestsDir, String manifestsName, Path metadataDir, String metadataName)
            implements Layout {
    }

    /** The directory is not a bundle root; the diagnostic says what was found and what to do. */
    record Rejected(Diagnostic diagnostic) implements Layout {
    }
}
