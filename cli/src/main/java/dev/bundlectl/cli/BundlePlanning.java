package dev.bundlectl.cli;

import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.BundleReadResult;
import dev.bundlectl.bundle.BundleReader;
import dev.bundlectl.plan.InstallPlanner;
import dev.bundlectl.plan.PlanNames;
import dev.bundlectl.plan.PlanRequest;
import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.api.ApiSurface;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a bundle and plans it, reporting every diagnostic. Invalid input stops here, before
 * anything could reach a cluster.
 */
final class BundlePlanning {

    private final DiagnosticsPrinter diagnostics;

    BundlePlanning(DiagnosticsPrinter diagnostics) {
        this.diagnostics = diagnostics;
    }

    /** Reads and plans; throws {@link UserInputException} for any invalid input. */
    PlanResult plan(PlanInputOptions input, ApiSurface surface) {
        PlanNames.namespaceProblem(input.namespace).ifPresent(problem -> {
            throw new UserInputException("-n " + input.namespace + ": " + problem);
        });
        Bundle bundle = read(input.directory);
        PlanRequest request = PlanRequest.of(input.namespace, surface, input.directory.toString());
        PlanResult result = new InstallPlanner().plan(bundle, request);
        diagnostics.reportOrFail(result.diagnostics());
        return result;
    }

    private Bundle read(Path directory) {
        if (!Files.isDirectory(directory)) {
            throw new UserInputException(directory + ": not a directory (expected a bundle with manifests/ and metadata/)");
        }
        BundleReadResult read = new BundleReader().read(directory);
        diagnostics.reportOrFail(read.diagnostics());
        return read.bundle().orElseThrow(() -> new IllegalStateException("reader returned no bundle and no error"));
    }
}
