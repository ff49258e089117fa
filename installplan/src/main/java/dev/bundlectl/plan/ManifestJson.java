package dev.bundlectl.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.yaml.JsonTrees;

/** A manifest body as the compact JSON a step carries. */
final class ManifestJson {

    private ManifestJson() {
    }

    static String compact(ObjectNode body) {
        return JsonTrees.compact(body);
    }
}
