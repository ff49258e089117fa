package dev.bundlectl.cli;

import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.objects.CsvSchema;
import java.util.List;

/**
 * A directory to plan, read and found valid: a bundle or a release payload. Reading comes first
 * and on its own, so that a command can read its input while its cluster connection is being set
 * up ({@link BackgroundConnection}) and still report a bad input before anything reaches the cluster.
 */
sealed interface ReadInput {

    /** Where the directory came from. */
    SourcedInput source();

    /**
     * Initialises, on this thread, what planning this input needs first and reads once per process:
     * for a bundle, the CSV schema's validator (a schema read and compiled in a fresh JVM's cold
     * code, 15 ms of the planning thread otherwise). For a thread that would only wait meanwhile.
     */
    default void prepareForPlanning() {
    }

    /** A registry+v1 bundle. */
    record BundleDirectory(SourcedInput source, Bundle bundle) implements ReadInput {

        @Override
        public void prepareForPlanning() {
            CsvSchema.validator();
        }
    }

    /** A directory of release-payload manifests. */
    record PayloadDirectory(SourcedInput source, List<Manifest> manifests) implements ReadInput {
    }
}
