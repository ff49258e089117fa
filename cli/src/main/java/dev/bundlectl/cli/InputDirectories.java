package dev.bundlectl.cli;

import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.read.BundleLayout;
import dev.bundlectl.bundle.BundleReadResult;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.PayloadReadResult;
import dev.bundlectl.bundle.read.PayloadReader;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads a bundle or release-payload directory, printing the warnings and turning any error into
 * invalid input, so nothing past this point sees a broken input.
 */
final class InputDirectories {

    private final DiagnosticsPrinter diagnostics;

    InputDirectories(DiagnosticsPrinter diagnostics) {
        this.diagnostics = diagnostics;
    }

    /** Whether the directory is a bundle rather than a directory of payload manifests. */
    static boolean isBundle(Path directory) {
        return BundleLayout.isBundle(directory);
    }

    Bundle bundle(Path directory) {
        BundleReadResult read = new BundleReader().read(directory);
        diagnostics.reportOrFail(read.diagnostics());
        return read.bundle().orElseThrow(() -> new IllegalStateException("reader returned no bundle and no error"));
    }

    List<Manifest> payload(Path directory) {
        PayloadReadResult read = new PayloadReader().read(directory);
        diagnostics.reportOrFail(read.diagnostics());
        if (read.manifests().isEmpty()) {
            throw new UserInputException(directory + ": no manifests found (.yaml, .yml or .json), and no bundle "
                    + "layout (manifests/ and metadata/)");
        }
        return read.manifests();
    }

    /** Every manifest of the directory, whichever kind it is. */
    List<Manifest> manifests(Path directory) {
        return isBundle(directory) ? bundle(directory).manifests() : payload(directory);
    }
}
