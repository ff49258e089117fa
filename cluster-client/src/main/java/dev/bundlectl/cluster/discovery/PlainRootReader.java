package dev.bundlectl.cluster.discovery;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the plain root discovery documents, which list group/versions but no resources: the
 * {@code APIVersions} of {@code /api} and the {@code APIGroupList} of {@code /apis}.
 */
final class PlainRootReader {

    private PlainRootReader() {
    }

    /** Every group/version a root document lists; entries without a name or version are skipped. */
    static List<GroupVersion> groupVersions(JsonNode document) {
        List<GroupVersion> all = new ArrayList<>();
        for (JsonNode version : document.path("versions")) {
            if (version.isTextual() && !version.asText().isEmpty()) {
                all.add(new GroupVersion("", version.asText()));
            }
        }
        for (JsonNode group : document.path("groups")) {
            String name = group.path("name").asText("");
            for (JsonNode version : group.path("versions")) {
                String v = version.path("version").asText("");
                if (!name.isEmpty() && !v.isEmpty()) {
                    all.add(new GroupVersion(name, v));
                }
            }
        }
        return all;
    }
}
