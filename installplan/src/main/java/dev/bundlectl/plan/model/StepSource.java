package dev.bundlectl.plan.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.bundlectl.bundle.SourceLocation;
import java.util.Objects;

/**
 * Where a step's object came from: bundlectl's own record of provenance, written on the step as
 * {@code bundlectl.dev/source} so that OLM's {@code sourceName}/{@code sourceNamespace} keep OLM's
 * meaning (see {@link StepResource}).
 *
 * @param bundle for a bundle's step, the bundle directory as the user named it; else null
 * @param payload for a release payload's step, the payload directory as the user named it; else null
 * @param packageName the bundle's package, or the payload's name (its directory's name)
 * @param file the file the manifest was read from, relative to the bundle or payload directory
 * @param document the manifest's position among the YAML documents of {@code file}; -1 when the
 *     location names a whole file (an object rendered from the CSV, say)
 * @param runLevel for a payload's step, the run level its file name gives; else null
 * @param component for a payload's step, the component chain its file name gives; else null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"bundle", "payload", "package", "file", "document", "runLevel", "component"})
public record StepSource(
        @JsonProperty("bundle") String bundle,
        @JsonProperty("payload") String payload,
        @JsonProperty("package") String packageName,
        @JsonProperty("file") String file,
        @JsonProperty("document") int document,
        @JsonProperty("runLevel") String runLevel,
        @JsonProperty("component") String component) {

    /** A bundle's manifest read from {@code location} of the bundle at {@code bundle}. */
    public static StepSource ofBundle(String bundle, String packageName, SourceLocation location) {
        Objects.requireNonNull(location, "location");
        return new StepSource(bundle, null, packageName, location.file(), location.documentIndex(), null, null);
    }

    /** A payload's manifest, with the run level and component its file name places it in. */
    public static StepSource ofPayload(String payload, String name, SourceLocation location, String runLevel,
            String component) {
        Objects.requireNonNull(location, "location");
        return new StepSource(null, payload, name, location.file(), location.documentIndex(), runLevel, component);
    }

    /** The file and document, as the bundle reader located the manifest; null when the file is unknown. */
    public SourceLocation location() {
        return file == null ? null : new SourceLocation(file, document);
    }
}
