package dev.bundlectl.bundle.metadata;

import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.SourceLocation;
import dev.bundlectl.bundle.files.ClosedTree;
import dev.bundlectl.bundle.files.TreeEntry;
import dev.bundlectl.bundle.layout.DirectoryListing;
import dev.bundlectl.bundle.layout.FileNames;
import dev.bundlectl.bundle.yaml.LoadResult;
import dev.bundlectl.bundle.yaml.SafeYamlLoader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Parses the YAML and JSON files of a bundle's metadata directory, in name order, so that
 * properties can be looked up in them. Backups and hidden files ({@code annotations.yaml.bak},
 * image-layer whiteouts) are passed over silently; other files with a warning. An entry that cannot
 * be read (a link out of the bundle, a dangling link, a FIFO) is an error, as is a metadata
 * directory that leads out of the bundle.
 */
public final class MetadataDirectory {

    private final SafeYamlLoader loader;

    public MetadataDirectory(SafeYamlLoader loader) {
        this.loader = loader;
    }

    /**
     * @param dir the metadata directory; a missing one has no files
     * @param name its path relative to the bundle root, without a trailing slash
     * @param alreadyLoaded files parsed before (the annotations file), by path relative to the
     *     bundle root, so that no file is read (or reported) twice
     * @param tree the bundle, whose link policy applies
     */
    public List<MetadataFile> read(Path dir, String name, Map<String, MetadataFile> alreadyLoaded, ClosedTree tree,
            Diagnostics.Collector diagnostics) {
        TreeEntry directory = tree.entry(dir);
        if (directory instanceof TreeEntry.Refused) {
            diagnostics.error(SourceLocation.file(name + "/"), null, null, ((TreeEntry.Refused) directory).problem());
            return List.of();
        }
        if (!(directory instanceof TreeEntry.Directory)) {
            return List.of();
        }
        DirectoryListing listing;
        try {
            listing = DirectoryListing.of(tree, dir);
        } catch (IOException | SecurityException e) {
            diagnostics.error(SourceLocation.file(name + "/"), null, null, "cannot list the directory: " + e);
            return List.of();
        }
        for (TreeEntry.Refused refused : listing.refused()) {
            String fileName = refused.path().getFileName().toString();
            String displayPath = name + "/" + fileName;
            if (!alreadyLoaded.containsKey(displayPath) && !FileNames.isBackupOrHidden(fileName)) {
                diagnostics.error(SourceLocation.file(displayPath), null, null, refused.problem());
            }
        }
        List<MetadataFile> files = new ArrayList<>();
        for (Path file : listing.files()) {
            String fileName = file.getFileName().toString();
            String displayPath = name + "/" + fileName;
            if (alreadyLoaded.containsKey(displayPath)) {
                files.add(alreadyLoaded.get(displayPath));
            } else if (FileNames.isPayloadManifest(fileName)) {
                LoadResult loaded = loader.load(file, displayPath);
                diagnostics.addAll(loaded.diagnostics());
                files.add(new MetadataFile(displayPath, loaded.documents()));
            } else if (!FileNames.isBackupOrHidden(fileName)) {
                diagnostics.warning(SourceLocation.file(displayPath), null, null,
                        "ignored: not a .yaml, .yml or .json file");
            }
        }
        return files;
    }
}
