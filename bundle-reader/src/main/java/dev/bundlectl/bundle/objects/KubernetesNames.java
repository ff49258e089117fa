package dev.bundlectl.bundle.objects;

import java.util.Optional;
import java.util.regex.Pattern;

/** Kubernetes name rules shared by every stage that names a namespace. */
public final class KubernetesNames {

    /** The longest DNS label, and so the longest namespace name. */
    public static final int MAX_LABEL = 63;
    /** An RFC 1123 DNS label: lower-case letters, digits and '-', starting and ending alphanumeric. */
    public static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");

    private KubernetesNames() {
    }

    /** Why this is not a valid namespace name (a DNS label), or empty when it is. */
    public static Optional<String> namespaceProblem(String namespace) {
        if (namespace == null || namespace.isEmpty()) {
            return Optional.of("namespace is empty");
        }
        if (namespace.length() > MAX_LABEL || !DNS_LABEL.matcher(namespace).matches()) {
            return Optional.of("namespace \"" + namespace + "\" is not a DNS label: at most " + MAX_LABEL
                    + " lower-case letters, digits and '-', starting and ending with a letter or digit");
        }
        return Optional.empty();
    }

}
