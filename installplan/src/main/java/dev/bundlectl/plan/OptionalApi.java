package dev.bundlectl.plan;

import dev.bundlectl.bundle.Manifest;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One rule of the install-time optional policy ({@code --optional-api GROUP[/KIND]}): the steps of
 * this API group, or of this kind in it, are optional as if the bundle listed them in
 * {@code olm.manifests.optional}. It lets the person installing say what the bundle's author did
 * not: that a missing ServiceMonitor does not matter on this cluster.
 *
 * @param group the API group, never empty: the core group's kinds are never optional
 * @param kind the kind, or null for every kind of the group
 */
public record OptionalApi(String group, String kind) {

    /** An API group as Kubernetes names them: a lowercase DNS-1123 subdomain. */
    private static final Pattern GROUP = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
    private static final Pattern KIND = Pattern.compile("[A-Za-z][A-Za-z0-9]*");
    /** What {@code GROUP/VERSION} looks like, a likely slip for {@code GROUP/KIND}. */
    private static final Pattern VERSION = Pattern.compile("v[0-9]+((alpha|beta)[0-9]+)?");

    /** @throws IllegalArgumentException when the group or kind is not a valid name */
    public OptionalApi {
        Objects.requireNonNull(group, "group");
        groupProblem(group).or(() -> kind == null ? Optional.empty() : kindProblem(kind)).ifPresent(problem -> {
            throw new IllegalArgumentException(problem);
        });
    }

    /**
     * Reads {@code GROUP} or {@code GROUP/KIND}.
     *
     * @throws IllegalArgumentException saying what is wrong with the value, for a one-line error
     */
    public static OptionalApi parse(String value) {
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("expected GROUP or GROUP/KIND (e.g. monitoring.coreos.com or "
                    + "monitoring.coreos.com/ServiceMonitor), not an empty value");
        }
        String[] parts = value.split("/", -1);
        if (parts.length > 2) {
            throw new IllegalArgumentException("expected GROUP or GROUP/KIND, not a value with "
                    + (parts.length - 1) + " slashes");
        }
        return new OptionalApi(parts[0], parts.length == 2 ? parts[1] : null);
    }

    private static Optional<String> groupProblem(String group) {
        if (group.isEmpty()) {
            return Optional.of("the group is empty: kinds of the core group are never optional");
        }
        return GROUP.matcher(group).matches() ? Optional.empty()
                : Optional.of("the group \"" + group + "\" is not an API group name (lowercase letters, digits, "
                        + "'-' and '.')");
    }

    private static Optional<String> kindProblem(String kind) {
        if (VERSION.matcher(kind).matches()) {
            return Optional.of("\"" + kind + "\" is an API version, not a kind: give GROUP or GROUP/KIND");
        }
        return KIND.matcher(kind).matches() ? Optional.empty()
                : Optional.of("the kind \"" + kind + "\" is not a kind name (letters and digits, starting with a letter)");
    }

    /** Whether this rule names the manifest's API: its group, and its kind when the rule has one. */
    public boolean matches(Manifest manifest) {
        return group.equals(manifest.group())
                && (kind == null || kind.equals(manifest.kind()));
    }

    /** The rule as the user wrote it: {@code GROUP} or {@code GROUP/KIND}. */
    public String text() {
        return kind == null ? group : group + "/" + kind;
    }

    /** Where a step's optional flag came from, as its message says: {@code --optional-api GROUP[/KIND]}. */
    public String origin() {
        return "--optional-api " + text();
    }
}
