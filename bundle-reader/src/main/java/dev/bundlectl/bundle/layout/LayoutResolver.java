package dev.bundlectl.bundle.layout;

import dev.bundlectl.bundle.BundleAnnotations;
import dev.bundlectl.bundle.Diagnostic;
import dev.bundlectl.bundle.SourceLocation;
import dev.bundlectl.bundle.files.ClosedTree;
import dev.bundlectl.bundle.files.TreeEntry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the manifests and metadata directories of a bundle: the ones that
 * {@code metadata/annotations.yaml} names, else {@code manifests/} and {@code metadata/}. When the
 * manifests directory is missing it explains the layout it found instead: manifests at the root,
 * or a bundle nested one directory down.
 */
public final class LayoutResolver {

    /** Where {@code metadata/annotations.yaml} is, relative to the bundle root. */
    public static final String ANNOTATIONS_FILE = "metadata/annotations.yaml";

    private static final int NAMES_SHOWN = 5;

    private final long maxFileBytes;

    /** @param maxFileBytes files larger than this are not opened while explaining a layout */
    public LayoutResolver(long maxFileBytes) {
        this.maxFileBytes = maxFileBytes;
    }

    /**
     * @param root the directory given as the bundle
     * @param annotations the annotations read from {@link #ANNOTATIONS_FILE}, or the defaults
     * @param tree the bundle, whose link policy applies: a manifests directory that links out of
     *     the bundle is refused
     */
    public Layout resolve(Path root, BundleAnnotations annotations, ClosedTree tree) {
        String manifestsName = trimmedDir(annotations.manifestsDir());
        String metadataName = trimmedDir(annotations.metadataDir());
        if (!isInside(manifestsName)) {
            return rejectedAnnotation(BundleAnnotations.MANIFESTS, annotations.manifestsDir());
        }
        if (!isInside(metadataName)) {
            return rejectedAnnotation(BundleAnnotations.METADATA, annotations.metadataDir());
        }
        Path manifestsDir = root.resolve(manifestsName);
        TreeEntry manifests = tree.entry(manifestsDir);
        if (manifests instanceof TreeEntry.Directory) {
            return new Layout.Resolved(manifestsDir, manifestsName, root.resolve(metadataName), metadataName);
        }
        String problem = manifests instanceof TreeEntry.Refused ? ((TreeEntry.Refused) manifests).problem()
                : explainMissingManifests(root, manifestsName, tree);
        return new Layout.Rejected(Diagnostic.error(SourceLocation.file(manifestsName + "/"), null, null, problem));
    }

    /** Whether {@code dir} has a bundle's {@code manifests/} directory or its annotations file. */
    public static boolean holdsBundleRoot(Path dir) {
        // Any entry by that name counts, a FIFO or a dangling link too, so that the bundle reader
        // (not the payload reader) reports it.
        return Files.isDirectory(dir.resolve("manifests"))
                || Files.exists(dir.resolve(ANNOTATIONS_FILE), LinkOption.NOFOLLOW_LINKS);
    }

    private String explainMissingManifests(Path root, String manifestsName, ClosedTree tree) {
        DirectoryListing listing;
        try {
            listing = DirectoryListing.of(tree, root);
        } catch (IOException | SecurityException e) {
            return "there is no " + manifestsName + "/ directory, and the bundle directory cannot be listed: " + e;
        }
        List<String> csvFiles = new ArrayList<>();
        int manifestFiles = 0;
        for (Path file : listing.files()) {
            if (FileNames.isBundleManifest(file.getFileName().toString())) {
                manifestFiles++;
                if (CsvSniffer.looksLikeCsv(file, maxFileBytes)) {
                    csvFiles.add(file.getFileName().toString());
                }
            }
        }
        if (!csvFiles.isEmpty()) {
            return "there is no " + manifestsName + "/ directory: the manifests are at the bundle root ("
                    + manifestFiles + " manifest files, the ClusterServiceVersion in " + String.join(", ", csvFiles)
                    + "); move them into " + manifestsName + "/";
        }
        List<String> nested = new ArrayList<>();
        for (Path dir : listing.directories()) {
            if (holdsBundleRoot(dir)) {
                nested.add(dir.getFileName().toString());
            }
        }
        if (nested.size() == 1) {
            return "there is no " + manifestsName + "/ directory here, but the bundle is nested one level down in "
                    + nested.get(0) + "/ (it holds manifests/ and metadata/): read " + root.resolve(nested.get(0))
                    + " instead";
        }
        if (nested.size() > 1) {
            return "there is no " + manifestsName + "/ directory here, but bundles are nested in "
                    + String.join("/, ", nested) + "/: read one of those directories instead";
        }
        return "there is no " + manifestsName + "/ directory; found " + describe(listing);
    }

    private static String describe(DirectoryListing listing) {
        if (listing.files().isEmpty() && listing.directories().isEmpty()) {
            return "an empty directory";
        }
        List<String> names = new ArrayList<>();
        for (Path dir : listing.directories()) {
            names.add(dir.getFileName() + "/");
        }
        for (Path file : listing.files()) {
            names.add(file.getFileName().toString());
        }
        String shown = String.join(", ", names.subList(0, Math.min(NAMES_SHOWN, names.size())));
        return names.size() <= NAMES_SHOWN ? shown : shown + " and " + (names.size() - NAMES_SHOWN) + " more";
    }

    private static Layout rejectedAnnotation(String key, String value) {
        return new Layout.Rejected(Diagnostic.error(SourceLocation.file(ANNOTATIONS_FILE), null,
                "annotations[\"" + key + "\"]",
                "\"" + value + "\" must name a directory inside the bundle (relative, without \"..\")"));
    }

    /** {@code manifests/} and {@code ./manifests} both name {@code manifests}. */
    static String trimmedDir(String name) {
        String trimmed = name.trim();
        while (trimmed.startsWith("./")) {
            trimmed = trimmed.substring(2);
        }
        while (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        return trimmed;
    }

    private static boolean isInside(String relative) {
        if (relative.isEmpty() || relative.startsWith("/") || relative.contains("\\")) {
            return false;
        }
        for (String segment : relative.split("/", -1)) {
            if (segment.isEmpty() || segment.equals("..") || segment.equals(".")) {
                return false;
            }
        }
        return true;
    }
}
