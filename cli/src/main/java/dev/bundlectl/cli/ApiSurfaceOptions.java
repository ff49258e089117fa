package dev.bundlectl.cli;

import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.api.ApiSurfaces;
import dev.bundlectl.bundle.yaml.InputFileException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Resolves {@code --api-surface} values: the built-in names, or files of {@code kubectl
 * api-resources} output or YAML lists. Several values are combined.
 */
final class ApiSurfaceOptions {

    /** Kubernetes 1.34's built-in groups plus OLM's {@code operators.coreos.com} APIs: the default. */
    static final String KUBERNETES = "kubernetes";
    /** Kubernetes 1.34's built-in groups only: a cluster without OLM. */
    static final String KUBERNETES_WITHOUT_OLM = "kubernetes-without-olm";

    private ApiSurfaceOptions() {
    }

    /** The surface the values describe, or {@code fallback} when none was given. */
    static ApiSurface resolve(List<String> values, ApiSurface fallback) {
        if (values == null || values.isEmpty()) {
            return fallback;
        }
        ApiSurface combined = null;
        for (String value : values) {
            ApiSurface next = resolveOne(value);
            combined = combined == null ? next : ApiSurface.union(combined, next);
        }
        return combined;
    }

    private static ApiSurface resolveOne(String value) {
        if (KUBERNETES.equals(value)) {
            return ApiSurfaces.builtIn();
        }
        if (KUBERNETES_WITHOUT_OLM.equals(value)) {
            return ApiSurfaces.kubernetes();
        }
        Path file = Path.of(value);
        // Only a path that names nothing is taken for a mistyped built-in name; a directory or a
        // FIFO is reported as such by the file reader, which never opens it.
        if (!Files.exists(file)) {
            throw new UserInputException("--api-surface " + value + ": not a file, and not one of the built-in names "
                    + KUBERNETES + ", " + KUBERNETES_WITHOUT_OLM);
        }
        try {
            return ApiSurfaces.fromFile(file);
        } catch (InputFileException e) {
            throw new UserInputException(e.getMessage());
        }
    }
}
