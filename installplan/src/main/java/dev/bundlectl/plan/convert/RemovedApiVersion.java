package dev.bundlectl.plan.convert;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;
import java.util.Set;

/**
 * An API version Kubernetes removed, and the one that replaced it for the same kinds.
 *
 * @param group the API group, e.g. {@code apiextensions.k8s.io}
 * @param removedVersion the removed version, e.g. {@code v1beta1}
 * @param replacementVersion the version that replaced it, e.g. {@code v1}
 * @param kinds the kinds that convert
 * @param conversion how an object converts
 */
public record RemovedApiVersion(String group, String removedVersion, String replacementVersion, Set<String> kinds,
        ObjectConversion conversion) {

    public RemovedApiVersion {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(removedVersion, "removedVersion");
        Objects.requireNonNull(replacementVersion, "replacementVersion");
        kinds = Set.copyOf(kinds);
        Objects.requireNonNull(conversion, "conversion");
    }

    /** The removed {@code group/version}, e.g. {@code apiextensions.k8s.io/v1beta1}. */
    public String removedApiVersion() {
        return group + "/" + removedVersion;
    }

    /** The replacing {@code group/version}, e.g. {@code apiextensions.k8s.io/v1}. */
    public String replacementApiVersion() {
        return group + "/" + replacementVersion;
    }

    /** Converts one object of this removed version; {@code body} is never changed. */
    public ConversionResult convert(ObjectNode body) {
        return conversion.convert(body, replacementApiVersion());
    }
}
