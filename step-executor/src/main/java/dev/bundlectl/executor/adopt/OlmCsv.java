package dev.bundlectl.executor.adopt;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What an adoption needs of a ClusterServiceVersion: its identity and phase, which CSV it replaces,
 * and the CRDs it owns and requires (other CSVs' CRDs are what an adoption shares with OLM).
 *
 * @param namespace its namespace
 * @param name its name
 * @param uid its uid
 * @param resourceVersion its resourceVersion when read
 * @param phase {@code status.phase}, or "" before OLM wrote one
 * @param reason {@code status.reason}, or ""
 * @param message {@code status.message}, or ""
 * @param replaces {@code spec.replaces}, or null
 * @param ownedCrds the names of {@code spec.customresourcedefinitions.owned}
 * @param requiredCrds the names of {@code spec.customresourcedefinitions.required}
 */
public record OlmCsv(String namespace, String name, String uid, String resourceVersion, String phase, String reason,
        String message, String replaces, List<String> ownedCrds, List<String> requiredCrds) {

    /** The phase OLM gives a CSV whose operator runs. */
    public static final String SUCCEEDED = "Succeeded";

    public OlmCsv {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(name, "name");
        ownedCrds = List.copyOf(ownedCrds);
        requiredCrds = List.copyOf(requiredCrds);
    }

    /** The CSV as the API server answered it. */
    public static OlmCsv of(JsonNode object) {
        JsonNode metadata = object.path("metadata");
        JsonNode status = object.path("status");
        JsonNode crds = object.path("spec").path("customresourcedefinitions");
        JsonNode replaces = object.path("spec").path("replaces");
        return new OlmCsv(metadata.path("namespace").asText(), metadata.path("name").asText(),
                metadata.path("uid").asText(null), metadata.path("resourceVersion").asText(null),
                status.path("phase").asText(""), status.path("reason").asText(""), status.path("message").asText(""),
                replaces.isTextual() && !replaces.asText().isEmpty() ? replaces.asText() : null,
                names(crds.path("owned")), names(crds.path("required")));
    }

    /** {@code NAME (phase REASON: message)}, for messages. */
    public String describePhase() {
        return (phase.isEmpty() ? "no phase yet" : phase + (reason.isEmpty() ? "" : " " + reason)
                + (message.isEmpty() ? "" : ": " + message));
    }

    /** Whether this CSV owns or requires the CRD {@code crdName}. */
    public boolean uses(String crdName) {
        return ownedCrds.contains(crdName) || requiredCrds.contains(crdName);
    }

    private static List<String> names(JsonNode descriptions) {
        List<String> names = new ArrayList<>();
        descriptions.forEach(description -> names.add(description.path("name").asText()));
        return names;
    }
}
