package dev.bundlectl.cluster.kube;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The server's answer to a server-side apply.
 *
 * @param object the object as the server stored it (or would have, in a dry run)
 * @param created whether the apply created the object (201) rather than changed or kept an existing one (200)
 * @param warnings the server's {@code Warning} headers, as texts (deprecations, for instance)
 * @param answeredAt the server's clock when it answered ({@code Date} header), if it said
 */
public record ApplyResult(ObjectNode object, boolean created, List<String> warnings, Optional<Instant> answeredAt) {

    public ApplyResult {
        Objects.requireNonNull(object, "object");
        warnings = List.copyOf(warnings);
        Objects.requireNonNull(answeredAt, "answeredAt");
    }
}
