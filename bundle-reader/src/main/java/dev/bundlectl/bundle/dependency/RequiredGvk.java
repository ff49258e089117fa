package dev.bundlectl.bundle.dependency;

import java.util.Objects;

/**
 * An API that must be served: a group (empty for the core group), version and kind.
 *
 * @param group the API group
 * @param version the API version
 * @param kind the kind
 */
public record RequiredGvk(String group, String version, String kind) implements Dependency {

    /** OLM's type name for it. */
    public static final String TYPE = "olm.gvk";

    public RequiredGvk {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(kind, "kind");
    }

    /** {@code group/version} as an apiVersion is written ({@code v1} for the core group). */
    public String apiVersion() {
        return group.isEmpty() ? version : group + "/" + version;
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public String describe() {
        return "API " + apiVersion() + " " + kind;
    }
}
