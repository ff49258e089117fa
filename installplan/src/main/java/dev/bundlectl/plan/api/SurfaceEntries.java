package dev.bundlectl.plan.api;

import dev.bundlectl.bundle.yaml.InputFileException;
import java.util.HashMap;
import java.util.Map;

/**
 * Checks a surface file's entries as they are read: the same group/version/kind may appear twice
 * only with the same plural and scope. One instance per file read.
 */
final class SurfaceEntries {

    private final String file;
    private final Map<GroupVersionKind, Seen> seen = new HashMap<>();

    SurfaceEntries(String file) {
        this.file = file;
    }

    void add(int line, ApiResource resource) throws InputFileException {
        GroupVersionKind gvk = new GroupVersionKind(resource.group(), resource.version(), resource.kind());
        Seen earlier = seen.putIfAbsent(gvk, new Seen(line, resource));
        if (earlier != null && !earlier.resource().equals(resource)) {
            throw new InputFileException(file, line, gvk + " is listed again with a different "
                    + (earlier.resource().namespaced() != resource.namespaced() ? "scope" : "plural")
                    + " than on line " + earlier.line());
        }
    }

    private record Seen(int line, ApiResource resource) {
    }
}
