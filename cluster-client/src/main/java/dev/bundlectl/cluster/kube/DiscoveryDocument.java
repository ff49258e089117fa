package dev.bundlectl.cluster.kube;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * A discovery answer with the {@code Content-Type} the server chose for it, which tells an
 * aggregated {@code APIGroupDiscoveryList} from a plain {@code APIGroupList} or {@code APIVersions}.
 *
 * @param body the JSON document
 * @param contentType the answer's {@code Content-Type}, {@code ""} when absent
 */
public record DiscoveryDocument(JsonNode body, String contentType) {

    public DiscoveryDocument {
        Objects.requireNonNull(body, "body");
        contentType = contentType == null ? "" : contentType;
    }
}
