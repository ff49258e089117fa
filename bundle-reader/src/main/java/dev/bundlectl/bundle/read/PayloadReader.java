package dev.bundlectl.bundle.read;

import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.SourceLocation;
import dev.bundlectl.bundle.ReaderLimits;
import dev.bundlectl.bundle.PayloadReadResult;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.bundle.layout.FileNames;
import dev.bundlectl.bundle.objects.DuplicateObjects;
import dev.bundlectl.bundle.objects.ManifestFileReader;
import dev.bundlectl.bundle.yaml.SafeYamlLoader;
import dev.bundlectl.bundle.files.ClosedTree;
import dev.bundlectl.bundle.files.TreeEntry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads a cluster-version-operator style manifest directory (a release payload's
 * {@code manifests/}): no bundle metadata, no CSV. As the CVO does, only {@code .yaml},
 * {@code .yml} and {@code .json} files are read and {@code image-references} and
 * {@code release-metadata} are skipped; unlike the CVO it also descends into subdirectories
 * (hidden ones excepted). Files are read in the order of their relative paths.
 *
 * <p>The directory is a closed tree ({@link ClosedTree}), as a bundle is: links are followed only
 * within it, and an entry that cannot be read (a link out of it, a dangling link, a loop, a FIFO)
 * is an error, never skipped.
 *
 * <p>The same safe loading and object checks as {@link BundleReader} apply. Instances are
 * immutable and may be shared between threads.
 */
public final class PayloadReader {

    /** Files the CVO reads for other purposes, never as manifests. */
    private static final Set<String> SKIPPED = Set.of("image-references", "release-metadata");

    private final ManifestFileReader files;
    private final DuplicateObjects duplicates = new DuplicateObjects(DuplicateObjects.Policy.KEEP_DIFFERING);

    /** A reader with {@link ReaderLimits#defaults()}. */
    public PayloadReader() {
        this(ReaderLimits.defaults());
    }

    public PayloadReader(ReaderLimits limits) {
        this.files = new ManifestFileReader(new SafeYamlLoader(limits));
    }

    /** Reads every manifest below {@code dir}. */
    public PayloadReadResult read(Path dir) {
        Diagnostics.Collector diagnostics = new Diagnostics.Collector();
        if (!Files.isDirectory(dir)) {
            diagnostics.error(SourceLocation.file(dir.toString()), null, null, "not a directory");
            return new PayloadReadResult(List.of(), diagnostics.toDiagnostics());
        }
        List<Manifest> manifests = new ArrayList<>();
        manifestFiles(dir, diagnostics).forEach((relative, file) -> files.read(file, relative, manifests, diagnostics));
        return new PayloadReadResult(duplicates.distinct(manifests, diagnostics), diagnostics.toDiagnostics());
    }

    /** The manifest files below {@code dir}, by relative path with {@code /} separators, sorted. */
    private static TreeMap<String, Path> manifestFiles(Path dir, Diagnostics.Collector diagnostics) {
        TreeMap<String, Path> found = new TreeMap<>();
        ClosedTree tree;
        try {
            tree = ClosedTree.at(dir, "the payload directory");
        } catch (IOException | SecurityException e) {
            diagnostics.error(SourceLocation.file(dir.toString()), null, null, "cannot be resolved: " + e.getMessage());
            return found;
        }
        TreeEntry root = tree.entry(dir);
        if (root instanceof TreeEntry.Directory) {
            collect(tree, dir, (TreeEntry.Directory) root, new ArrayDeque<>(), found, diagnostics);
        }
        return found;
    }

    /**
     * Adds the manifest files below {@code directory}, descending into subdirectories.
     *
     * @param ancestors the real paths of the directories being walked, to stop at a link back to
     *     one of them instead of walking forever
     */
    private static void collect(ClosedTree tree, Path dir, TreeEntry.Directory directory, Deque<Path> ancestors,
            TreeMap<String, Path> found, Diagnostics.Collector diagnostics) {
        List<TreeEntry> entries;
        try {
            entries = tree.list(directory.path());
        } catch (IOException | SecurityException e) {
            diagnostics.error(SourceLocation.file(relative(dir, directory.path()) + "/"), null, null,
                    "cannot list the directory: " + e.getMessage());
            return;
        }
        ancestors.push(directory.realPath());
        for (TreeEntry entry : entries) {
            String name = entry.path().getFileName().toString();
            if (entry instanceof TreeEntry.Directory) {
                TreeEntry.Directory sub = (TreeEntry.Directory) entry;
                if (name.startsWith(".")) {
                    continue; // .git and the like hold no manifests.
                }
                if (ancestors.contains(sub.realPath())) {
                    diagnostics.error(SourceLocation.file(relative(dir, sub.path())), null, null,
                            "is a symbolic link loop (back to an enclosing directory)");
                    continue;
                }
                collect(tree, dir, sub, ancestors, found, diagnostics);
            } else if (entry instanceof TreeEntry.Refused) {
                // Whatever its name, the payload would be planned without it; but editor locks
                // (.#x.yaml, a dangling link) and other hidden leftovers are never content.
                SourceLocation at = SourceLocation.file(relative(dir, entry.path()));
                String problem = ((TreeEntry.Refused) entry).problem();
                if (FileNames.isBackupOrHidden(name)) {
                    diagnostics.warning(at, null, null, "ignored: " + problem);
                } else {
                    diagnostics.error(at, null, null, problem);
                }
            } else if (entry instanceof TreeEntry.RegularFile && FileNames.isPayloadManifest(name)
                    && !SKIPPED.contains(name)) {
                found.put(relative(dir, entry.path()), entry.path());
            }
        }
        ancestors.pop();
    }

    private static String relative(Path dir, Path file) {
        return dir.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
    }
}
