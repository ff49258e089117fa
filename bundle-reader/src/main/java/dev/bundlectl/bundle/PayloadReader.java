package dev.bundlectl.bundle;

import dev.bundlectl.bundle.layout.FileNames;
import dev.bundlectl.bundle.objects.DuplicateObjects;
import dev.bundlectl.bundle.objects.ManifestFileReader;
import dev.bundlectl.bundle.yaml.SafeYamlLoader;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
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
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path sub, BasicFileAttributes attributes) {
                    // .git and the like hold no manifests.
                    boolean hidden = !sub.equals(dir) && sub.getFileName().toString().startsWith(".");
                    return hidden ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    String name = file.getFileName().toString();
                    if (attributes.isRegularFile() && FileNames.isPayloadManifest(name) && !SKIPPED.contains(name)) {
                        found.put(relative(dir, file), file);
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    diagnostics.error(SourceLocation.file(relative(dir, file)), null, null, "cannot read: " + e);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException | SecurityException e) {
            diagnostics.error(SourceLocation.file(dir.toString()), null, null, "cannot list the directory: " + e);
        }
        return found;
    }

    private static String relative(Path dir, Path file) {
        return dir.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
    }
}
