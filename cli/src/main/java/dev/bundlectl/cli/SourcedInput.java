package dev.bundlectl.cli;

import dev.bundlectl.source.ResolvedSource.ImageOrigin;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The directory to plan, and what it came from.
 *
 * @param directory a bundle or payload directory on disk (for an image, its cache entry)
 * @param label how the plan names its bundle path: the directory or the reference as given
 * @param image the image origin, to record on the plan; empty for a plain directory
 */
record SourcedInput(Path directory, String label, Optional<ImageOrigin> image) {

    /** A plain directory, as before images. */
    static SourcedInput directory(Path directory) {
        return new SourcedInput(directory, directory.toString(), Optional.empty());
    }
}
