package dev.bundlectl.bundle.read;

import dev.bundlectl.bundle.ReaderLimits;
import dev.bundlectl.bundle.read.PayloadReader;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.bundle.files.ClosedTree;
import dev.bundlectl.bundle.layout.CsvSniffer;
import dev.bundlectl.bundle.layout.DirectoryListing;
import dev.bundlectl.bundle.layout.LayoutResolver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Tells a bundle directory from a payload (plain manifests) directory without reading either, so
 * that a caller can route it to {@link BundleReader} or {@link PayloadReader}.
 */
public final class BundleLayout {

    private BundleLayout() {
    }

    /**
     * Whether {@code dir} is meant as a bundle: it has {@code metadata/annotations.yaml} or a
     * {@code manifests/} directory, a subdirectory has one of them (a bundle nested one level
     * down), or a top-level file is a ClusterServiceVersion (manifests at the root). Odd layouts
     * count as bundles so that {@link BundleReader} can explain them.
     */
    public static boolean isBundle(Path dir) {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        if (LayoutResolver.holdsBundleRoot(dir)) {
            return true;
        }
        DirectoryListing listing;
        try {
            listing = DirectoryListing.of(ClosedTree.at(dir, "the directory"), dir);
        } catch (IOException | SecurityException e) {
            return false;
        }
        for (Path sub : listing.directories()) {
            if (LayoutResolver.holdsBundleRoot(sub)) {
                return true;
            }
        }
        for (Path file : listing.files()) {
            if (CsvSniffer.looksLikeCsv(file, ReaderLimits.DEFAULT_MAX_FILE_BYTES)) {
                return true;
            }
        }
        return false;
    }
}
