package dev.bundlectl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.source.ResolvedSource.ImageOrigin;
import dev.bundlectl.source.reference.Digest;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The {@value #ANNOTATION} annotation: the image a plan's bundle came from and the digest it
 * resolved to, {@code {"reference": ..., "digest": ...}}, so that installing the reviewed plan
 * later plans exactly that digest again. A bundlectl annotation, not an OLM field.
 */
final class BundleSourceAnnotation {

    static final String ANNOTATION = PlanAnnotations.BUNDLE_SOURCE;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What the annotation holds. */
    record Recorded(String reference, Digest digest) {
    }

    private BundleSourceAnnotation() {
    }

    static InstallPlan recordOn(InstallPlan plan, ImageOrigin origin) {
        ObjectNode value = JSON.createObjectNode().put("reference", origin.reference()).put("digest", origin.digest().toString());
        Map<String, String> annotations = new LinkedHashMap<>(plan.metadata().annotations());
        annotations.put(ANNOTATION, value.toString());
        return new InstallPlan(new InstallPlan.Metadata(plan.metadata().name(), plan.metadata().namespace(), annotations),
                plan.spec(), plan.status());
    }

    /** The recorded source; a malformed annotation is invalid input naming the file. */
    static Optional<Recorded> read(InstallPlan plan, String file) {
        String value = plan.metadata().annotations().get(ANNOTATION);
        return value == null ? Optional.empty()
                : Optional.of(parse(value, file + ": metadata.annotations[" + ANNOTATION + "]"));
    }

    /**
     * The source {@code value} records, as the annotation (or an install record's {@code bundleSource})
     * holds it; a malformed one is invalid input naming {@code where}.
     */
    static Recorded parse(String value, String where) {
        try {
            JsonNode node = JSON.readTree(value);
            String reference = node.path("reference").asText("");
            String digest = node.path("digest").asText("");
            if (reference.isEmpty() || !Digest.isDigest(digest)) {
                throw new UserInputException(where + ": needs reference and a sha256 digest");
            }
            return new Recorded(reference, Digest.parse(digest));
        } catch (IOException e) {
            throw new UserInputException(where + ": not JSON");
        }
    }
}
