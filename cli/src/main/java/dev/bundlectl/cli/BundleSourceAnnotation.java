package dev.bundlectl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
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

    static final String ANNOTATION = "bundlectl.dev/bundle-source";
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
        if (value == null) {
            return Optional.empty();
        }
        try {
            JsonNode node = JSON.readTree(value);
            String reference = node.path("reference").asText("");
            String digest = node.path("digest").asText("");
            if (reference.isEmpty() || !Digest.isDigest(digest)) {
                throw new UserInputException(file + ": metadata.annotations[" + ANNOTATION + "]: needs reference and a "
                        + "sha256 digest");
            }
            return Optional.of(new Recorded(reference, Digest.parse(digest)));
        } catch (IOException e) {
            throw new UserInputException(file + ": metadata.annotations[" + ANNOTATION + "]: not JSON");
        }
    }
}
