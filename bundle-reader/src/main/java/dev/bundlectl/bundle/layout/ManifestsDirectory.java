package dev.bundlectl.bundle.layout;

import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.SourceLocation;
import dev.bundlectl.bundle.files.ClosedTree;
import dev.bundlectl.bundle.files.TreeEntry;
import dev.bundlectl.bundle.objects.ManifestFileReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads every manifest file of a bundle's manifests directory, in name order. Anything else in it
 * (a {@code Dockerfile}, {@code x.yaml.bak}, a subdirectory) is not read, with a warning: it may
 * be a manifest the author meant to ship. An entry that cannot be read (a link out of the bundle,
 * a dangling link, a FIFO) is an error: the bundle would be planned without it.
 */
public final class ManifestsDirectory {

    /**
     * What the directory held.
     *
     * @param manifests every object of every file, in file then document order
     * @param unparsedFiles how many manifest files could not be read or parsed to their end
     * @param invalidObjects how many objects were left out as invalid
     */
    public record Contents(List<Manifest> manifests, int unparsedFiles, int invalidObjects) {

        public Contents {
            manifests = List.copyOf(manifests);
        }
    }

    private final ManifestFileReader files;

    public ManifestsDirectory(ManifestFileReader files) {
        this.files = files;
    }

    /**
     * @param dir the manifests directory
     * @param name its path relative to the bundle root, without a trailing slash
     * @param tree the bundle, whose link policy applies
     */
    public Contents read(Path dir, String name, ClosedTree tree, Diagnostics.Collector diagnostics) {
        DirectoryListing listing;
        try {
            listing = DirectoryListing.of(tree, dir);
        } catch (IOException | SecurityException e) {
            diagnostics.error(SourceLocation.file(name + "/"), null, null, "cannot list the directory: " + e);
            return new Contents(List.of(), 0, 0);
        }
        for (Path sub : listing.directories()) {
            diagnostics.warning(SourceLocation.file(name + "/" + sub.getFileName() + "/"), null, null,
                    "ignored: subdirectories of the manifests directory are not read");
        }
        int unparsed = 0;
        for (TreeEntry.Refused refused : listing.refused()) {
            String fileName = refused.path().getFileName().toString();
            SourceLocation at = SourceLocation.file(name + "/" + fileName);
            // Editor locks (.#x.yaml, a dangling link) and backups are never content.
            if (FileNames.isBackupOrHidden(fileName)) {
                diagnostics.warning(at, null, null, "ignored: " + refused.problem());
            } else {
                diagnostics.error(at, null, null, refused.problem());
                unparsed++;
            }
        }
        List<Manifest> manifests = new ArrayList<>();
        int invalid = 0;
        for (Path file : listing.files()) {
            String fileName = file.getFileName().toString();
            String displayPath = name + "/" + fileName;
            if (!FileNames.isBundleManifest(fileName)) {
                diagnostics.warning(SourceLocation.file(displayPath), null, null,
                        "ignored: not a .yaml, .yml, .json or .crd file");
                continue;
            }
            ManifestFileReader.Outcome outcome = files.read(file, displayPath, manifests, diagnostics);
            unparsed += outcome.parsed() ? 0 : 1;
            invalid += outcome.invalidObjects();
        }
        return new Contents(manifests, unparsed, invalid);
    }
}
